export { IncidentsCard } from './components/incidents-card';
export { incidentScreens } from './routes';
