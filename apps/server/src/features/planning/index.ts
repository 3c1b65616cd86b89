// The planning feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { createAction, deleteAction } from './actions';
export { createAgendaItem, deleteAgendaItem, updateAgendaItem } from './agenda-items';
export { createNote } from './notes';
export { loadRuleOptions, morphLabel, userLabel } from './rule-options';
export { createContextType } from './task-contexts';
export { createTask, moveIntakeTasks, queryTasks, storeFromTemplate, updateTask } from './tasks';
