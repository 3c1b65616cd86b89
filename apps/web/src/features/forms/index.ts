export { FlowFormsCard } from './components/flow-forms-card';
export { formsScreens } from './routes';
