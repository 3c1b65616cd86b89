export { FlowFormsCard } from './components/flow-forms-card';
export { useVerticals } from './queries';
export { formsScreens } from './routes';
