// What other features use: the accounting part of the document settings.
export { AccountingSection } from './components/accounting-section';
