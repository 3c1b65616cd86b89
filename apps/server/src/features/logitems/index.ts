export { logItem } from '../../platform/db/tables/logitems.schema';
export { logItemsOn } from './log-overview';
