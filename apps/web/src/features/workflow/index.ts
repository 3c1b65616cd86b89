export { FlowWorkflowCard } from './components/flow-workflow-card';
export { workflowScreens } from './routes';
