export { OwnProjects, PartnerProjectList } from './components/partner-project-list';
export { PartnerProjectName } from './components/partner-project-name';
export { partnerProjectsScreens } from './routes';
