// Workflow rules (decision 027): triggers, rules, the engine that runs them on domain events, delayed
// rules and the why log.

export { WorkflowEngine } from './engine';
export { seedEventTriggers } from './event-triggers';
export { createRule } from './rules';
