// What other features use: the accounting part of the document settings, the calendar links of the user
// profile and user settings, a user's external calendar events for the agenda, and the Quickr and Glbl links
// and form fields (decision 071).
export { AccountingSection } from './components/accounting-section';
export { CalendarLinkCard, UserCalendarLinks } from './components/calendar-link-card';
export { GlblField, QuickrField } from './components/solar-fields';
export { SolarLinksCard } from './components/solar-links-card';
export { useExternalEvents } from './queries';
