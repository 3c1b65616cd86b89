export { FlowCalculations } from './components/flow-calculations';
