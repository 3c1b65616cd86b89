import type { FlowDataItem, IntakeDetail } from '@im/domain';

// Test data in the shapes of packages/domain/src/contract/forms.ts; override what a test is about.

export function createTestItem(overrides: Partial<FlowDataItem> = {}): FlowDataItem {
  return {
    id: 11,
    flow_id: 40,
    flow_data_id: 40,
    vertical_id: 3,
    vertical: { id: 3, name: 'Opname warmtepomp', type: 'intake', archived: false },
    item_type: 'form',
    intake_id: 5,
    project_id: null,
    status: 'open',
    values: {},
    locations: [],
    pictures: [],
    sent_at: null,
    created_at: '2026-03-02T09:15:00.000Z',
    updated_at: '2026-03-02T09:15:00.000Z',
    ...overrides,
  };
}

export function createTestIntake(overrides: Partial<IntakeDetail> = {}): IntakeDetail {
  return {
    id: 5,
    status: 'draft',
    intake_date: null,
    intaketemplate_id: null,
    flow_id: 40,
    flow_number: 40,
    relation_id: 2,
    relation_name: 'Marieke Bosch',
    number: 2,
    is_template: false,
    name: '',
    description: '',
    vertical_ids: [3],
    created_at: '2026-03-02T09:15:00.000Z',
    updated_at: '2026-03-02T09:15:00.000Z',
    flowdataitems: [createTestItem()],
    agendaitems: [],
    tasks: [],
    pictures: [],
    ...overrides,
  };
}
