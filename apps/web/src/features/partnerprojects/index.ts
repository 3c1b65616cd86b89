export { OwnProjects, PartnerProjectList } from './components/partner-project-list';
export { partnerProjectsScreens } from './routes';
