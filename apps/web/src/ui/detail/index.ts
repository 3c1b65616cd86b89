export { DetailActions } from './detail-actions';
export { DetailField, EMPTY_VALUE } from './detail-field';
export { type DetailQuery, DetailScreen } from './detail-screen';
export { useConfirmedDelete } from './use-confirmed-delete';
