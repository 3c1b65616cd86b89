export * from './constants';
export * from './mapping';
