export * from './constants';
export * from './rules';
