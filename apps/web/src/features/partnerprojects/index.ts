export { OwnProjects, PartnerProjectList } from './components/partner-project-list';
export { PartnerProjectName } from './components/partner-project-name';
export { usePartnerProjects } from './queries';
export { partnerProjectsScreens } from './routes';
