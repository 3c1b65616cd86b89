export { StatusBadge } from './components/status-badge';
export { LAST_FLOWS_KEY, recordLastFlow, useLastFlowIds } from './last-flows';
export { CreateFlowModal } from './modals/create-flow.modal';
export { askCancelReason } from './modals/reject-flow.modal';
export { changeFlowStatus, PIPELINE_KEY, refreshFlowLists, rejectFlow, testSafeDeletion } from './mutations';
export { useFlowSettings } from './queries';
export { flowsScreens } from './routes';
export type { Flow, FlowRow, FlowSettings } from './types';
