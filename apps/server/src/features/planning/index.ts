// The planning feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { createAction, deleteAction } from './actions';
export { createAgendaItem, deleteAgendaItem, updateAgendaItem } from './agenda-items';
export { createTask } from './create-task';
export { createContextType } from './create-task-context-type';
export { moveIntakeTasks } from './move-intake-tasks';
export { createNote } from './notes';
export { queryTasks } from './query-tasks';
export { loadRuleOptions, morphLabel, userLabel } from './rule-options';
export { storeFromTemplate } from './task-templates';
export { updateTask } from './update-task';
