export { DetailActions } from './detail-actions';
export { type DetailQuery, DetailScreen } from './detail-screen';
export { useConfirmedDelete } from './use-confirmed-delete';
