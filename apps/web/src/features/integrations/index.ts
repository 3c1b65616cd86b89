// What other features use: the accounting part of the document settings, the Quickr and Glbl links and the
// form fields of those services (decision 071).
export { AccountingSection } from './components/accounting-section';
export { GlblField, QuickrField } from './components/solar-fields';
export { SolarLinksCard } from './components/solar-links-card';
