export { DetailActions } from './detail-actions';
export { DetailField, type DetailFieldProps } from './detail-field';
export { type DetailQuery, DetailScreen } from './detail-screen';
export { hasLoadFailed, type LoadedQuery, RefreshFailedNotice } from './load-failure';
export { useConfirmedDelete } from './use-confirmed-delete';
