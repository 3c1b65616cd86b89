export { logItem } from './logitems.schema';
export { type LogEntry, writeLog } from './write-log';
