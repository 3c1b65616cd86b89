export { logItem } from '../../platform/db/tables/logitems.schema';
export { type LogEntry, writeLog } from '../../platform/events/write-log';
export { logItemsOn } from './log-overview';
