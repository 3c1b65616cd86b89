// The flows feature: case files, their lists and search, files, lead dates and the customer link.

export { flow, flowTally, lead } from '../../platform/db/tables/flows.schema';
export { changeFlowStatus } from './change-flow-status';
export { createFlow, firstPhaseOf, leadDateFor, newFlowHash, nextCompanyNumber } from './create-flow';
export { FLOW_IN_TRASH, FLOW_NOT_FOUND, findFlow, lockFlow } from './flow-access';
export { flowDetailPlan, loadFlowRows } from './flow-dto';
export { type FlowFilters, flowWhere, hasText, tallyWhere, toFilters } from './flow-filters';
export {
  flowHasSentInvoices,
  registerSalesUserChange,
  registerSentInvoiceCheck,
  relationsWithSentInvoices,
} from './flow-hooks';
export { flowRowsOfRelationRead } from './flow-row';
export { refreshFlowSearchText } from './flow-search-text';
export { type FlowMergeStep, registerFlowMergeStep } from './merge-flow';
export { TEXT_QUERY_CAP } from './query-flows';
export { loadRelations, relationPageRead, relationPageSql, relationsRead } from './relation-row';
export { updateFlow } from './save-flow';
