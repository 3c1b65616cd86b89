export { announceOverdueInvoices } from './announce-overdue-invoices';
export { invoice } from './invoices.schema';
export {
  flowHasSentInvoices,
  flowsWithSentInvoices,
  relationHasSentInvoices,
  relationsWithSentInvoices,
} from './sent-invoices';
