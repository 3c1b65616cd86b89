/** The relation bulk-delete criteria of spec 001 section 5; no_send_invoices always applies. */
export const INACTIVE_CRITERIA = [
  'no_send_invoices',
  'no_approved_confirmations',
  'no_send_confirmations',
  'no_approved_quotations',
  'no_send_quotations',
  'no_open_actions',
  'no_planned_tasks',
  'no_unanswered_messages',
  'flow_age',
  'flow_updated_age',
  'document_age',
  'with_flow_description',
  'without_flow_description',
] as const;
export type InactiveCriterionTag = (typeof INACTIVE_CRITERIA)[number];

/** The criterion that is always applied and cannot be removed. */
export const FIXED_INACTIVE_CRITERION: InactiveCriterionTag = 'no_send_invoices';
/** Criteria that take a number of days (`amount`). */
export const INACTIVE_CRITERIA_WITH_AMOUNT: readonly InactiveCriterionTag[] = [
  'flow_age',
  'flow_updated_age',
  'document_age',
];
/** Criteria that take a text. */
export const INACTIVE_CRITERIA_WITH_TEXT: readonly InactiveCriterionTag[] = [
  'with_flow_description',
  'without_flow_description',
];
