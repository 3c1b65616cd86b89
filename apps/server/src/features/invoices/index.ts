export { invoice } from '../../platform/db/tables/invoices.schema';
export { announceOverdueInvoices } from './announce-overdue-invoices';
export { storeEinvoice } from './frozen-einvoice';
export { createCreditInvoice, createInvoiceFrom, prepareInvoiceForSending } from './invoice-actions';
export { invoiceBalance } from './invoice-balance';
export {
  assertInvoiceEditable,
  billedOf,
  insertInvoiceRow,
  invoiceRow,
  loadInvoiceInfo,
  type NewInvoiceRow,
} from './invoice-info';
export { offerPaymentLink } from './invoice-payment';
export { paymentsFollowStatus, registerPayment } from './invoice-payments';
export { invoiceRenderPart } from './invoice-render';
export { updateInvoiceSettings } from './invoice-settings';
export { invoiceStatusChanged } from './invoice-status';
export { sendPaymentReminder } from './send-payment-reminder';
export {
  flowHasSentInvoices,
  flowsWithSentInvoices,
  relationHasSentInvoices,
  relationsWithSentInvoices,
} from './sent-invoices';
