export { invoice } from '../../platform/db/tables/invoices.schema';
export { announceOverdueInvoices } from './announce-overdue-invoices';
export { createCreditInvoice, createInvoiceFrom, prepareInvoiceForSending } from './invoice-actions';
export { invoiceKind } from './invoice-kind';
export { paymentsFollowStatus, registerPayment } from './invoice-payments';
export { updateInvoiceSettings } from './invoice-settings';
export { invoiceStatusChanged } from './invoice-status';
export { sendPaymentReminder } from './send-payment-reminder';
export {
  flowHasSentInvoices,
  flowsWithSentInvoices,
  relationHasSentInvoices,
  relationsWithSentInvoices,
} from './sent-invoices';
