// The auth feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { type LoginResult, loginResult, sessionPolicy } from './authenticate';
export { EMAIL_TAKEN, OLD_PASSWORD_WRONG, PASSWORD_CHANGED } from './messages';
export { requireConfirmation } from './routes';
