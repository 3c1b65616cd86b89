// What other features use: the accounting part of the document settings, the calendar links of the user
// profile and user settings, and a user's external calendar events for the agenda.
export { AccountingSection } from './components/accounting-section';
export { CalendarLinkCard, UserCalendarLinks } from './components/calendar-link-card';
export { useExternalEvents } from './queries';
