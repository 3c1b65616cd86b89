export { DashboardIncidents } from './components/dashboard-incidents';
export { IncidentTypesCard } from './components/incident-types-card';
export { IncidentsCard } from './components/incidents-card';
export { incidentScreens } from './routes';
