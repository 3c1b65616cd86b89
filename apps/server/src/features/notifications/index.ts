// The notifications feature's public entry: what higher features use (decision 047). Its routes: routes.ts.

export { moveNotificationsOnMerge } from './notifications';
export { notify } from './notify';
