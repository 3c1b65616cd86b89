// The users feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { createUser } from './create-user';
export { findUserByEmail, isEmailTaken } from './find-user';
export { buildSessionData } from './session-data';
