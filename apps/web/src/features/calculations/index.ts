export { FlowCalculations } from './components/flow-calculations';
export { StandardCalculations } from './components/standard-calculations';
export { CalculationDetailModal } from './modals/calculation-detail.modal';
export { dossierCalculations, useFlowCalculations } from './queries';
