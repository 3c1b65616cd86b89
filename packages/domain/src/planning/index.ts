export * from './constants';
export * from './rules';
export * from './tasks';
export * from './task-contexts';
