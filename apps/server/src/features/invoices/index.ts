export { invoice } from '../../platform/db/tables/invoices.schema';
export { announceOverdueInvoices } from './announce-overdue-invoices';
export { createCreditInvoice, createInvoiceFrom, prepareInvoiceForSending } from './invoice-actions';
export { type InvoiceForBooking, invoiceForBooking } from './invoice-for-booking';
export { invoiceKind } from './invoice-kind';
export { paymentsFollowStatus, registerPayment } from './invoice-payments';
export { updateInvoiceSettings } from './invoice-settings';
export { invoiceStatusChanged } from './invoice-status';
export { registerPaidInFull } from './register-paid-in-full';
export { sendPaymentReminder } from './send-payment-reminder';
export {
  flowHasSentInvoices,
  flowsWithSentInvoices,
  relationHasSentInvoices,
  relationsWithSentInvoices,
} from './sent-invoices';
