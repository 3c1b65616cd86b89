export { FlowFormsCard } from './components/flow-forms-card';
export { useLiveFields, useVertical, useVerticals } from './queries';
export { formsScreens } from './routes';
