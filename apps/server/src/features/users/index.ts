// The users feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { createUser } from './create-user';
export { findUserByEmail, findUserById, isEmailTaken } from './find-user';
export { displayName } from './serialize-user';
export { buildSessionData } from './session-data';
export { userFullnameSql } from './user-fullname';
