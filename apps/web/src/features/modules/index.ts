export { type Module, useModules, useOwnCompanyModules } from './queries';
export { modulesScreens } from './routes';
