export { DetailActions } from './detail-actions';
export { DetailField, type DetailFieldProps } from './detail-field';
export { type DetailQuery, DetailScreen } from './detail-screen';
export { useConfirmedDelete } from './use-confirmed-delete';
