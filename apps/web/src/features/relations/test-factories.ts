import type { FlowRow, FlowSettings, InactiveRelation, Relation, RelationDetail } from './types';

// Test data for the relation screens, shaped like docs/api/crm.md answers.
export function createTestRelation(overrides: Partial<Relation> = {}): Relation {
  const name = overrides.name ?? 'Jan';
  const nameprefix = overrides.nameprefix ?? 'de';
  const surname = overrides.surname ?? 'Vries';
  return {
    id: 1,
    name,
    nameprefix,
    surname,
    fullname: [name, nameprefix, surname].filter(Boolean).join(' '),
    email: 'jan@example.nl',
    phone: '038 123 4567',
    mobile: '',
    country: 'Nederland',
    lead_source: 'Eigen website',
    buyer_reference: '',
    order_reference: '',
    flowprofile_id: 3,
    organization_id: null,
    organization: null,
    lat: 52.51,
    lng: 6.09,
    address: 'Dorpsstraat 12a, 8011 AB Zwolle',
    flow_id: 41,
    flow_status: 'new',
    created_at: '2026-03-01T10:00:00+01:00',
    updated_at: '2026-03-01T10:00:00+01:00',
    deleted_at: null,
    ...overrides,
  };
}

export function createTestFlowRow(overrides: Partial<FlowRow> = {}): FlowRow {
  return {
    id: 100,
    hash: 'h'.repeat(24),
    number: 1042,
    description: 'Zonnepanelen',
    flow_status: 'new',
    flow_phase_id: 1,
    flow_phase: { id: 1, description: 'Eerste contact maken', color: '#228be6' },
    user_id: null,
    user_fullname: '',
    relation_id: 1,
    relation_fullname: 'Jan de Vries',
    address: 'Dorpsstraat 12a, 8011 AB Zwolle',
    lead_source: 'Eigen website',
    tags: [],
    type: '',
    partner_id: null,
    partner_project_id: null,
    flowprofile_id: 3,
    lead_date: '2026-03-01',
    created_at: '2026-03-01T10:00:00+01:00',
    updated_at: '2026-03-01T10:00:00+01:00',
    deleted_at: null,
    unread: false,
    ...overrides,
  };
}

export function createTestRelationDetail(overrides: Partial<RelationDetail> = {}): RelationDetail {
  return {
    ...createTestRelation(overrides),
    flows: [createTestFlowRow()],
    trashed_flows: [],
    locations: [],
    files: [],
    ...overrides,
  };
}

export function createTestFlowSettings(overrides: Partial<FlowSettings> = {}): FlowSettings {
  return {
    lead_sources: ['Eigen website', 'Telefonisch', 'Beurs'],
    flow_tags: ['Subsidie'],
    cancel_reasons: ['Te duur'],
    standard_flowprofile_id: 3,
    custom_lead_infobox: '',
    kpi_products: [],
    kpi_products2: [],
    kpi_products3: [],
    dashboard_leads: null,
    company_settings_id: 1,
    flowphases: [],
    users: [],
    flowprofiles: [
      { id: 3, name: 'Standaard', standard_calculation_id: null, mailtemplate_ids: {}, template_ids: {} },
      { id: 4, name: 'Warmtepomp', standard_calculation_id: null, mailtemplate_ids: {}, template_ids: {} },
    ],
    ...overrides,
  };
}

export function createTestInactiveRelations(count: number): InactiveRelation[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    fullname: `Relatie ${i + 1}`,
    address: `Dorpsstraat ${i + 1}, Zwolle`,
    flows_count: 1,
    last_activity_at: '2024-01-15T10:00:00+01:00',
  }));
}

export const paginated = <T>(data: T[]) => ({
  body: { data, pagination: { total: data.length, offset: 0, limit: 25 } },
});
