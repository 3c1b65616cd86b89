// The statistics feature's face to higher features: the names its figures are shown under.
export { NO_PROFILE, NO_USER } from './get-company-statistics';
