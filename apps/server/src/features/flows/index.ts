// The flows feature: case files, their lists and search, files, lead dates and the customer link.

export { flow, flowTally, lead } from '../../platform/db/tables/flows.schema';
export { createFlow } from './create-flow';
export { loadFlowRows } from './flow-dto';
export { type FlowFilters, flowWhere, hasText, tallyWhere, toFilters } from './flow-filters';
export { refreshFlowSearchText } from './flow-search-text';
export { flowRoutes } from './flows.routes';
export { epochMs, isoFast, isoFastOrNull } from './iso';
export { type FlowMergeStep, registerFlowMergeStep } from './merge-flow';
export { TEXT_QUERY_CAP } from './query-flows';
