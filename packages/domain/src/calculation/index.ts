export * from './billing';
export * from './constants';
export * from './decimal-input';
export * from './engine';
export * from './pricing';
export * from './product-rules';
