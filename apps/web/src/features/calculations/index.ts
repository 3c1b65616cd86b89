export { FlowCalculations } from './components/flow-calculations';
export { StandardCalculations } from './components/standard-calculations';
