import { DEFAULT_FLOW_PHASES, FLOW_STAGES } from '@im/domain';
import type { PipelineLead } from '../pipeline/types';
import type { Flow, FlowRow, FlowSettings } from './types';

// Test data in the shapes of docs/api/crm.md; override what a test is about.

export function createTestFlowSettings(overrides: Partial<FlowSettings> = {}): FlowSettings {
  let id = 100;
  return {
    lead_sources: ['Eigen website', 'Telefonisch', 'Beurs'],
    flow_tags: ['Subsidie', 'Spoed'],
    cancel_reasons: ['Te duur', 'Geen reactie meer'],
    standard_flowprofile_id: 3,
    custom_lead_infobox: '',
    kpi_products: [],
    kpi_products2: [],
    kpi_products3: [],
    dashboard_leads: null,
    company_settings_id: 1,
    flowprofiles: [
      { id: 3, name: 'Standaard', standard_calculation_id: null, mailtemplate_ids: {}, template_ids: {} },
    ],
    flowphases: FLOW_STAGES.flatMap((stage) =>
      DEFAULT_FLOW_PHASES[stage].map((description, order) => ({
        id: id++,
        description,
        color: '#228be6',
        flowstage: stage,
        order,
      })),
    ),
    users: [
      { id: 7, fullname: 'Anna de Vries', user_type: 'sales', role: 1000 },
      { id: 8, fullname: 'Bram Jansen', user_type: 'project', role: 100 },
    ],
    ...overrides,
  };
}

export function createTestFlowRow(overrides: Partial<FlowRow> = {}): FlowRow {
  const id = overrides.id ?? 41;
  return {
    id,
    hash: `hash-${id}`,
    number: 1000 + id,
    description: 'Warmtepomp',
    flow_status: 'new',
    flow_phase_id: null,
    flow_phase: null,
    user_id: 7,
    user_fullname: 'Anna de Vries',
    relation_id: 5,
    relation_fullname: 'Jan de Boer',
    address: 'Dorpsstraat 12, 1234 AB Zwolle',
    lead_source: 'Eigen website',
    tags: [],
    type: '',
    partner_id: null,
    partner_project_id: null,
    flowprofile_id: 3,
    lead_date: '2026-01-10',
    created_at: '2026-01-10T10:00:00+01:00',
    updated_at: '2026-01-11T10:00:00+01:00',
    deleted_at: null,
    unread: false,
    ...overrides,
  };
}

export function createTestFlow(overrides: Partial<Flow> = {}): Flow {
  const row = createTestFlowRow(overrides);
  return {
    office_user_id: null,
    project_user_id: null,
    location_id: null,
    cancel_reason: null,
    flowstage_start_at: row.created_at,
    relation: {
      id: row.relation_id,
      name: 'Jan',
      nameprefix: 'de',
      surname: 'Boer',
      fullname: row.relation_fullname,
      email: 'jan@example.nl',
      phone: '',
      mobile: '',
      country: 'Nederland',
      lead_source: 'Eigen website',
      buyer_reference: '',
      order_reference: '',
      flowprofile_id: 3,
      organization_id: null,
      organization: null,
      flow_id: row.id,
      flow_status: row.flow_status,
      lat: null,
      lng: null,
      address: row.address,
      created_at: row.created_at,
      updated_at: row.updated_at,
      deleted_at: null,
    },
    lead: {
      flow_id: row.id,
      date_lead: row.created_at,
      date_intake: null,
      date_quotation: null,
      date_confirmation: null,
      date_project: null,
      date_project_start: null,
      date_invoice: null,
      date_aftercare: null,
      date_archived: null,
    },
    flowprofile: { id: 3, name: 'Standaard' },
    files: [],
    assistfiles: [],
    status_leads: null,
    status_intakes: null,
    status_quotations: null,
    status_projects: null,
    status_invoices: null,
    ...row,
    ...overrides,
  };
}

export function createTestPipelineLead(overrides: Partial<PipelineLead> = {}): PipelineLead {
  const id = overrides.id ?? 1;
  return {
    id,
    flow_id: id,
    flow_status: 'new',
    flow_phase_id: 1,
    flow_phase_description: 'Eerste contact maken',
    flow_type: '',
    flow_tags: [],
    flow_lead_source: 'Eigen website',
    partner: null,
    partner_project: null,
    user_fullname: 'Anna de Vries',
    date_lead: '2026-01-10',
    updated_at: '2026-01-11T10:00:00+01:00',
    flowstage_start_at: '2026-01-10T10:00:00+01:00',
    relation_fullname: `Relatie ${id}`,
    flow_description: 'Zonnepanelen',
    turnover_weighted: 0,
    amount_inc_vat: null,
    kpi_values: [],
    current_start_date: null,
    current_end_date: null,
    ...overrides,
  };
}
