export { organizationsScreens } from './routes';
export type { Organization, OrganizationDetail } from './types';
