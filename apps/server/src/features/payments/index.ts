export {
  createMollieProvider,
  isMollieApiKey,
  isMolliePaymentId,
  type MollieOptions,
  paymentIdFromWebhook,
} from './mollie';
export {
  PAYMENT_STATUSES,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentRequest,
  type PaymentStatus,
  type ProviderPayment,
} from './payment-provider';
