// Solar design (Quickr) and report (Glbl) on a flow data item (spec 002 sections 7 and 8, decision 071): the
// fields the calls write into the item's values, the report statuses and every Dutch text they show.

/** Spec 002 section 7: the Quickr fields of a flow data item, in the spec's order. */
export const QUICKR_FIELDS = [
  'quickrRefId',
  'quickrNrOfPv',
  'quickrPower',
  'quickrMaxNrOfPv',
  'quickrPdok',
  'quickrPlanUrl',
  'quickrKeyFigures',
  'quickrEfficiency',
  'quickrExpectedOutput',
  'quickrPvSystem',
  'quickrPowerPerPV',
  'quickrDesignId',
  'quickrDirectUrl',
] as const;
export type QuickrField = (typeof QUICKR_FIELDS)[number];

/** The Quickr figures a form's formula may read (a calculated field such as the expected yield in euros). */
export const QUICKR_NUMBER_FIELDS: ReadonlySet<string> = new Set([
  'quickrNrOfPv',
  'quickrPower',
  'quickrMaxNrOfPv',
  'quickrEfficiency',
  'quickrExpectedOutput',
  'quickrPowerPerPV',
]);

/** Spec 002 section 7: the Glbl fields of a flow data item. */
export const GLBL_FIELDS = ['glblId', 'glblStatus', 'glblPDF'] as const;
export type GlblField = (typeof GLBL_FIELDS)[number];

/** Where a report is: asked of us, accepted by Glbl, being made, ready (PDF stored) or failed. */
export const GLBL_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export type GlblStatus = (typeof GLBL_STATUSES)[number];
export const GLBL_STATUS_LABELS: Record<GlblStatus, string> = {
  queued: 'Aangevraagd',
  processing: 'Wordt gemaakt',
  ready: 'Klaar',
  failed: 'Mislukt',
};

/** Form field types that act on the item through a service (their own value is never typed). */
export const SOLAR_FIELD_TYPES = ['quickr', 'glbl'] as const;

export const SOLAR_TEXTS = {
  glblKeyRefused: 'Glbl accepteert deze API-sleutel niet. Kopieer de sleutel opnieuw uit uw Glbl-account.',
  itemNotFound: 'Formulier niet gevonden.',
  noAddress: 'Dit dossier heeft geen adres (postcode en huisnummer) om te scannen.',
  scanFirst: 'Scan eerst het dak (Scannen).',
  noDesign: 'Er is nog geen ontwerp. Maak eerst een ontwerp.',
  noReport: 'Er is nog geen rapport aangevraagd.',
  noQuickrField: 'Dit formulier heeft geen Quickr-veld.',
  noGlblField: 'Dit formulier heeft geen Glbl-veld.',
  reportFailed: (message: string) => `Glbl kon het rapport niet maken: ${message}`,
  reportFileName: (flowNumber: number | string) => `Glbl-rapport dossier ${flowNumber}.pdf`,
} as const;
