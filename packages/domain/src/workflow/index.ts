export * from './actions';
export * from './conditions';
export * from './delays';
export * from './triggers';
