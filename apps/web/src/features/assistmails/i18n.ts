import { useTranslation } from 'react-i18next';

// Texts of the assist mails on the flow (e-mails a workflow rule prepared for staff to check).
export const assistMailsNl = {
  title: 'Klaargezette e-mails',
  intro: 'Door een workflowregel klaargezet. Controleer en verstuur ze zelf.',
  to: 'Aan',
  noRecipient: 'Nog geen ontvanger',
  byRule: 'Regel: {rule}',
  preparedAt: 'Klaargezet op {date}',
  edit: 'Bewerken',
  send: 'Versturen',
  delete: 'Verwijderen',
  editTitle: 'Klaargezette e-mail bewerken',
  recipient: 'Ontvanger',
  subject: 'Onderwerp',
  message: 'Bericht',
  sendTitle: 'E-mail versturen',
  sendConfirm: 'Email versturen?',
  deleteTitle: 'Klaargezette e-mail verwijderen',
  deleteConfirm: 'Deze klaargezette e-mail verwijderen? Hij wordt niet verstuurd.',
  saved: 'E-mail opgeslagen',
  sent: 'E-mail verstuurd',
  deleted: 'Klaargezette e-mail verwijderd',
  loadFailed: 'De klaargezette e-mails konden niet worden geladen.',
};

export type AssistMailTexts = typeof assistMailsNl;

export const assistMailsEn: AssistMailTexts = {
  title: 'Prepared e-mails',
  intro: 'Prepared by a workflow rule. Check them and send them yourself.',
  to: 'To',
  noRecipient: 'No recipient yet',
  byRule: 'Rule: {rule}',
  preparedAt: 'Prepared on {date}',
  edit: 'Edit',
  send: 'Send',
  delete: 'Delete',
  editTitle: 'Edit prepared e-mail',
  recipient: 'Recipient',
  subject: 'Subject',
  message: 'Message',
  sendTitle: 'Send e-mail',
  sendConfirm: 'Send e-mail?',
  deleteTitle: 'Delete prepared e-mail',
  deleteConfirm: 'Delete this prepared e-mail? It will not be sent.',
  saved: 'E-mail saved',
  sent: 'E-mail sent',
  deleted: 'Prepared e-mail deleted',
  loadFailed: 'The prepared e-mails could not be loaded.',
};

/** The catalog in the interface's language (the app's i18next language). */
export function useAssistMailTexts(): AssistMailTexts {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? assistMailsEn : assistMailsNl;
}

/** `{name}` placeholders filled in. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
