// The incidents feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export {
  customerVisibleIncidents,
  reportIncidentByCustomer,
  resolveIncidentByCustomer,
} from './customer-incidents';
export { createIncidentType } from './incident-types';
export { changeIncidentStatus, createIncident, moveIncidentsOnMerge } from './incidents';
