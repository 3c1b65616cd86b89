// The modules feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { findModuleOrFail, UNKNOWN_MODULE } from './find-module';
