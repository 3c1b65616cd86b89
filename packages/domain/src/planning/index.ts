export * from './constants';
export * from './rules';
export * from './task-contexts';
export * from './tasks';
