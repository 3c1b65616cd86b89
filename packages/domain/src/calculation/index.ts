export * from './constants';
export * from './engine';
export * from './pricing';
