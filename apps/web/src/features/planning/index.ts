export { ActionsCard } from './components/actions-card';
export { AgendaCard } from './components/agenda-card';
export { DashboardActions } from './components/dashboard-actions';
export { DashboardTasks } from './components/dashboard-tasks';
export { NotesCard } from './components/notes-card';
export { RelationTasksCard } from './components/relation-tasks-card';
export { TasksCard } from './components/tasks-card';
export type { PlanningOwner } from './queries';
