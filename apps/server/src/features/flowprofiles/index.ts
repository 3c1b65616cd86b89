// The flowprofiles feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { requireFlowProfile } from './flowprofile-record';
export { profileAllowsForm, profileFormWhitelist } from './flowprofile-settings';
export { listFlowProfiles } from './flowprofiles';
