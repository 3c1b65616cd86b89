import { useTranslation } from 'react-i18next';

export const websitesNl = {
  title: 'Websites',
  intro:
    'Een formulier op uw eigen website maakt bij elke inzending een relatie en een aanvraag aan. Koppel de velden van het formulier en zet de website live.',
  new: 'Nieuwe website',
  edit: 'Website bewerken',
  editMapping: 'Koppeling bewerken',
  connect: 'Koppelen',
  goLive: 'Live zetten',
  duplicate: 'Kopiëren',
  delete: 'Verwijderen',
  actionsFor: 'Acties voor website {{name}}',
  empty: 'Nog geen websites.',
  loadFailed: 'De websites konden niet worden geladen.',
  name: 'Naam',
  nameDescription: 'Voor uzelf, bijvoorbeeld "Zonnepanelen landingspagina".',
  siteurl: 'Adres van de website',
  siteurlDescription:
    'Alleen pagina’s op dit adres mogen het antwoord lezen en terugsturen naar een bedankpagina.',
  leadSource: 'Leadbron',
  flowprofile: 'Aanvraagprofiel',
  flowprofileStandard: 'Standaard aanvraagprofiel',
  user: 'Gebruiker (verkoper)',
  userDescription: 'Wordt de verkoper van elke aanvraag via deze website.',
  noSiteurl: 'Geen adres',
  leadsCount: '{{count}} aanvragen',
  mappingCount: '{{count}} velden gekoppeld',
  saved: 'Website opgeslagen',
  mappingSaved: 'Koppeling opgeslagen',
  deleted: 'Website verwijderd',
  deleteTitle: 'Website verwijderen',
  deleteConfirm: 'Dit item verwijderen? Aanvragen die via deze website binnenkwamen blijven bestaan.',
  goLiveTitle: 'Website live zetten',
  goLiveConfirm:
    'Vanaf nu maakt elke inzending van het formulier een aanvraag aan. Website "{{name}}" live zetten?',
  wentLive: 'Website staat live',
  duplicated: 'Website gekopieerd',
  status: { concept: 'Concept', live: 'Live' },
  mapping: {
    intro:
      'Per veld van uw formulier: waar de waarde terechtkomt. Velden die u niet koppelt, komen in een notitie bij de aanvraag.',
    fieldkey: 'Veldnaam in het formulier',
    fieldvalue: 'Doelveld',
    nullvalue: 'Waarde als leeg',
    valuemapping: 'Waarden omzetten',
    valuemappingHint: 'gepost=opgeslagen, bijvoorbeeld ja=1, nee=0',
    addRow: 'Veld toevoegen',
    removeRow: 'Veld {{number}} verwijderen',
    row: 'Veld {{number}}',
    empty: 'Nog geen velden gekoppeld.',
    needsContact: 'Koppel ten minste het e-mailadres of een telefoonnummer om live te kunnen gaan.',
  },
  connectIntro:
    'Laat uw formulier posten naar dit adres (application/x-www-form-urlencoded of JSON). Het adres werkt zodra de website live staat.',
  endpoint: 'Formulieradres',
  copyEndpoint: 'Formulieradres kopiëren',
  snippet: 'Voorbeeldformulier (HTML)',
  copySnippet: 'HTML kopiëren',
  notLiveYet: 'Deze website staat nog in concept: inzendingen worden pas aangenomen na "Live zetten".',
  resetKey: 'Nieuw formulieradres',
  resetKeyTitle: 'Nieuw formulieradres maken',
  resetKeyConfirm:
    'Het huidige adres werkt daarna niet meer. Formulieren die het gebruiken moet u aanpassen. Doorgaan?',
  keyReset: 'Nieuw formulieradres gemaakt',
  snippetSubmit: 'Versturen',
  close: 'Sluiten',
};

export type WebsiteTexts = typeof websitesNl;

export const websitesEn: WebsiteTexts = {
  title: 'Websites',
  intro:
    'A form on your own website creates a relation and a request on every submission. Map the form fields and put the website live.',
  new: 'New website',
  edit: 'Edit website',
  editMapping: 'Edit mapping',
  connect: 'Connect',
  goLive: 'Go live',
  duplicate: 'Duplicate',
  delete: 'Delete',
  actionsFor: 'Actions for website {{name}}',
  empty: 'No websites yet.',
  loadFailed: 'The websites could not be loaded.',
  name: 'Name',
  nameDescription: 'For yourself, for example "Solar panels landing page".',
  siteurl: 'Website address',
  siteurlDescription:
    'Only pages at this address may read the answer and send visitors back to a thank-you page.',
  leadSource: 'Lead source',
  flowprofile: 'Request profile',
  flowprofileStandard: 'Standard request profile',
  user: 'User (sales)',
  userDescription: 'Becomes the sales handler of every request from this website.',
  noSiteurl: 'No address',
  leadsCount: '{{count}} requests',
  mappingCount: '{{count}} fields mapped',
  saved: 'Website saved',
  mappingSaved: 'Mapping saved',
  deleted: 'Website deleted',
  deleteTitle: 'Delete website',
  deleteConfirm: 'Delete this item? Requests that came in through this website stay.',
  goLiveTitle: 'Put website live',
  goLiveConfirm: 'From now on every form submission creates a request. Put website "{{name}}" live?',
  wentLive: 'Website is live',
  duplicated: 'Website duplicated',
  status: { concept: 'Draft', live: 'Live' },
  mapping: {
    intro:
      'For each field of your form: where its value goes. Fields you do not map go into a note on the request.',
    fieldkey: 'Field name in the form',
    fieldvalue: 'Target field',
    nullvalue: 'Value when empty',
    valuemapping: 'Convert values',
    valuemappingHint: 'posted=stored, for example yes=1, no=0',
    addRow: 'Add field',
    removeRow: 'Remove field {{number}}',
    row: 'Field {{number}}',
    empty: 'No fields mapped yet.',
    needsContact: 'Map at least the e-mail address or a phone number to be able to go live.',
  },
  connectIntro:
    'Let your form post to this address (application/x-www-form-urlencoded or JSON). The address works once the website is live.',
  endpoint: 'Form address',
  copyEndpoint: 'Copy form address',
  snippet: 'Example form (HTML)',
  copySnippet: 'Copy HTML',
  notLiveYet: 'This website is still a draft: submissions are accepted only after "Go live".',
  resetKey: 'New form address',
  resetKeyTitle: 'Create a new form address',
  resetKeyConfirm: 'The current address stops working. Forms that use it must be changed. Continue?',
  keyReset: 'New form address created',
  snippetSubmit: 'Send',
  close: 'Close',
};

/** Fills `{{name}}` placeholders. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

/** The catalog in the interface's language (the app's i18next language). */
export function useWebsiteTexts(): WebsiteTexts {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? websitesEn : websitesNl;
}
