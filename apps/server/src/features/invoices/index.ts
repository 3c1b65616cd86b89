export { invoice } from '../../platform/db/tables/invoices.schema';
export { announceOverdueInvoices } from './announce-overdue-invoices';
export {
  flowHasSentInvoices,
  flowsWithSentInvoices,
  relationHasSentInvoices,
  relationsWithSentInvoices,
} from './sent-invoices';
