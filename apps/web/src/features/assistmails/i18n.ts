// Texts of the assist mails on the flow (e-mails a workflow rule prepared for staff to check).
export const assistMailsNl = {
  title: 'Klaargezette e-mails',
  intro: 'Door een workflowregel klaargezet. Controleer en verstuur ze zelf.',
  noRecipient: 'Nog geen ontvanger',
  byRule: 'Regel: {{rule}}',
  preparedAt: 'Klaargezet op {{date}}',
  editTitle: 'Klaargezette e-mail bewerken',
  recipient: 'Ontvanger',
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
  noRecipient: 'No recipient yet',
  byRule: 'Rule: {{rule}}',
  preparedAt: 'Prepared on {{date}}',
  editTitle: 'Edit prepared e-mail',
  recipient: 'Recipient',
  sendTitle: 'Send e-mail',
  sendConfirm: 'Send e-mail?',
  deleteTitle: 'Delete prepared e-mail',
  deleteConfirm: 'Delete this prepared e-mail? It will not be sent.',
  saved: 'E-mail saved',
  sent: 'E-mail sent',
  deleted: 'Prepared e-mail deleted',
  loadFailed: 'The prepared e-mails could not be loaded.',
};
