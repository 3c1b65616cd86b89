export { InvoiceDetailsSection } from './components/invoice-details-section';
export { invoicesScreens } from './routes';
