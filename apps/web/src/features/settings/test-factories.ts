import type { FlowProfileDetail, FlowSettingsLists } from '@im/domain';
import { createTestFlowSettings } from '../flows/test-factories';

export { axeViolations } from '../invoices/test-factories';
export { createTestFlowSettings };

export function createTestCompanySettings(overrides: Partial<FlowSettingsLists> = {}): FlowSettingsLists {
  return {
    id: 1,
    lead_sources: ['Eigen website', 'Telefonisch', 'Beurs'],
    flow_tags: ['Subsidie', 'Spoed'],
    cancel_reasons: ['Te duur', 'Geen reactie meer'],
    standard_flowprofile_id: 3,
    dashboard_settings: null,
    custom_lead_infobox: 'Bel binnen een dag terug.',
    email_signature: 'Met vriendelijke groet,\nZonnestroom Noord',
    appname: 'Zonnestroom Noord',
    appdescription: 'Zonnepanelen in het noorden',
    brand_button_color: '#116644',
    has_logo: false,
    kpi_products: [],
    kpi_products2: [],
    kpi_products3: [],
    dashboard_leads: null,
    ...overrides,
  };
}

export function createTestFlowProfileDetail(overrides: Partial<FlowProfileDetail> = {}): FlowProfileDetail {
  return {
    id: 4,
    name: 'Warmtepomp',
    standard_calculation_id: null,
    mailtemplate_ids: {},
    template_ids: {},
    is_standard: false,
    vertical_whitelist: [],
    branding: null,
    flowfiles: [],
    ...overrides,
  };
}
