// The widgets of a document and their calculation tables (spec 002 section 3), below the renderer
// (`render*.ts`) and the rules in `documents/index.ts`, which re-exports them.
// Widgets ------------------------------------------------------------------------------------------

/** Spec 002 section 3 "Document widget": every widget type tag. */
export const WIDGET_TAGS = [
  'CALCULATIONITEMS',
  'CALCULATIONITEMSINCLSUBS',
  'ADDITIONALITEMS',
  'WIDGETPICTURE',
  'PAGEBREAK',
  'RECURRING',
  'LOCATIONS',
  'HEADER1',
  'HEADER2',
  'HEADER3',
  'HEADER4',
  'STRING',
  'TEXT',
  'ROOMS',
  'TEXT2COL66',
  'TEXT2COL48',
  'TEXT2COL84',
  'CUSTOMHTML',
  'CUSTOMHTMLPDFONLY',
  'CUSTOMHTMLWEBONLY',
  'PDFFOOTER',
  'PDFHEADER',
  'VERTICALPHOTOS',
] as const;
export type WidgetTag = (typeof WIDGET_TAGS)[number];

/** Dutch names of the widget types (the seeded descriptions of the document widget types). */
export const WIDGET_TAG_LABELS: Record<WidgetTag, string> = {
  CALCULATIONITEMS: 'Calculatieregels',
  CALCULATIONITEMSINCLSUBS: 'Calculatieregels met subregels',
  ADDITIONALITEMS: 'Meerwerk',
  WIDGETPICTURE: 'Afbeelding',
  PAGEBREAK: 'Pagina-einde',
  RECURRING: 'Herhalend formulier',
  LOCATIONS: 'Locaties',
  HEADER1: 'Kop 1',
  HEADER2: 'Kop 2',
  HEADER3: 'Kop 3',
  HEADER4: 'Kop 4',
  STRING: 'Regel tekst',
  TEXT: 'Tekst',
  ROOMS: 'Ruimtes',
  TEXT2COL66: 'Tekst in twee kolommen (50/50)',
  TEXT2COL48: 'Tekst in twee kolommen (33/67)',
  TEXT2COL84: 'Tekst in twee kolommen (67/33)',
  CUSTOMHTML: 'Eigen HTML',
  CUSTOMHTMLPDFONLY: 'Eigen HTML (alleen PDF)',
  CUSTOMHTMLWEBONLY: 'Eigen HTML (alleen web)',
  PDFFOOTER: 'PDF-voettekst',
  PDFHEADER: 'PDF-koptekst',
  VERTICALPHOTOS: "Formulierfoto's",
};

/** Widgets that need a model not built yet: none since the forms issue (decision 023). */
export const WIDGET_TAGS_NEEDING_FORMS: readonly WidgetTag[] = [];

export const CALCULATION_WIDGET_TAGS: readonly WidgetTag[] = [
  'CALCULATIONITEMS',
  'CALCULATIONITEMSINCLSUBS',
  'ADDITIONALITEMS',
];
export const CUSTOM_HTML_TAGS: readonly WidgetTag[] = [
  'CUSTOMHTML',
  'CUSTOMHTMLPDFONLY',
  'CUSTOMHTMLWEBONLY',
];
/** Tags whose text is rich text (sanitised HTML with merge tags). */
export const RICH_TEXT_TAGS: readonly WidgetTag[] = [
  'TEXT',
  'TEXT2COL66',
  'TEXT2COL48',
  'TEXT2COL84',
  'PDFHEADER',
  'PDFFOOTER',
];
/** Tags with a second column of text. */
export const TWO_COLUMN_TAGS: readonly WidgetTag[] = ['TEXT2COL66', 'TEXT2COL48', 'TEXT2COL84'];
/** Tags whose text is one line (stringcontent... kept in textcontent as plain text with merge tags). */
export const PLAIN_LINE_TAGS: readonly WidgetTag[] = ['HEADER1', 'HEADER2', 'HEADER3', 'HEADER4', 'STRING'];

/** Spec 002 section 3: picture layouts (stringcontent of a WIDGETPICTURE). */
export const PICTURE_LAYOUTS = [
  'fullwidth',
  'fullwidthnotopmargin',
  'alignleft',
  'alignright',
  'aligncenter',
  'centerhalf',
] as const;
export type PictureLayout = (typeof PICTURE_LAYOUTS)[number];
export const PICTURE_LAYOUT_LABELS: Record<PictureLayout, string> = {
  fullwidth: 'Volle breedte',
  fullwidthnotopmargin: 'Volle breedte zonder marge boven',
  alignleft: 'Links uitgelijnd',
  alignright: 'Rechts uitgelijnd',
  aligncenter: 'Gecentreerd',
  centerhalf: 'Gecentreerd, halve breedte',
};

/** Spec 002 section 3: the columns of a calculation table. */
export const CALCULATION_COLUMNS = [
  'DESCR',
  'AMOUNT',
  'UNITINCSTARTINCBTW',
  'UNITINCSTARTEXCBTW',
  'UNITEXCSTARTINCBTW',
  'UNITEXCSTARTEXCBTW',
  'STARTINCBTW',
  'STARTEXCBTW',
  'TOTALEXC',
  'BTW6',
  'BTW21',
  'TOTALINC',
] as const;
export type CalculationTableColumn = (typeof CALCULATION_COLUMNS)[number];
export const CALCULATION_COLUMN_LABELS: Record<CalculationTableColumn, string> = {
  DESCR: 'Omschrijving',
  AMOUNT: 'Aantal',
  UNITINCSTARTINCBTW: 'Prijs per eenheid incl. starttarief incl. btw',
  UNITINCSTARTEXCBTW: 'Prijs per eenheid incl. starttarief excl. btw',
  UNITEXCSTARTINCBTW: 'Prijs per eenheid excl. starttarief incl. btw',
  UNITEXCSTARTEXCBTW: 'Prijs per eenheid excl. starttarief excl. btw',
  STARTINCBTW: 'Starttarief incl. btw',
  STARTEXCBTW: 'Starttarief excl. btw',
  TOTALEXC: 'Totaal excl. btw',
  BTW6: 'Btw 6%',
  BTW21: 'Btw 21%',
  TOTALINC: 'Totaal incl. btw',
};
/** The header a column shows in the document. */
export const CALCULATION_COLUMN_HEADERS: Record<CalculationTableColumn, string> = {
  DESCR: 'Omschrijving',
  AMOUNT: 'Aantal',
  UNITINCSTARTINCBTW: 'Prijs incl. btw',
  UNITINCSTARTEXCBTW: 'Prijs excl. btw',
  UNITEXCSTARTINCBTW: 'Prijs incl. btw',
  UNITEXCSTARTEXCBTW: 'Prijs excl. btw',
  STARTINCBTW: 'Starttarief incl. btw',
  STARTEXCBTW: 'Starttarief excl. btw',
  TOTALEXC: 'Totaal excl. btw',
  BTW6: 'Btw 6%',
  BTW21: 'Btw 21%',
  TOTALINC: 'Totaal incl. btw',
};
/** Spec 002 section 9: default quotation columns. */
export const DEFAULT_WIDGET_COLUMNS: readonly CalculationTableColumn[] = [
  'DESCR',
  'AMOUNT',
  'UNITINCSTARTINCBTW',
  'TOTALINC',
];

/** Spec 002 section 3: the total rows under a calculation table. */
export const CALCULATION_ROWS = [
  'HEADER',
  'EXCVATBEFOREEXCDISCOUNT',
  'DISCOUNTEXCVAT',
  'EXCVAT',
  'EXCVAT0',
  'EXCVAT6',
  'EXCVAT9',
  'EXCVAT21',
  'INCVATBEFOREEXCDISCOUNT',
  'DISCOUNTINCVAT',
  'INCVATBEFORE',
  'VAT6',
  'VAT9',
  'VAT21',
  'INCVATAFTER',
] as const;
export type CalculationTotalRow = (typeof CALCULATION_ROWS)[number];
export const CALCULATION_ROW_LABELS: Record<CalculationTotalRow, string> = {
  HEADER: 'Kolomkoppen',
  EXCVATBEFOREEXCDISCOUNT: 'Totaal excl. btw voor korting',
  DISCOUNTEXCVAT: 'Korting excl. btw',
  EXCVAT: 'Totaal excl. btw',
  EXCVAT0: 'Totaal excl. btw tegen 0%',
  EXCVAT6: 'Totaal excl. btw tegen 6%',
  EXCVAT9: 'Totaal excl. btw tegen 9%',
  EXCVAT21: 'Totaal excl. btw tegen 21%',
  INCVATBEFOREEXCDISCOUNT: 'Totaal incl. btw voor korting',
  DISCOUNTINCVAT: 'Korting incl. btw',
  INCVATBEFORE: 'Totaal incl. btw (na korting)',
  VAT6: 'Btw 6%',
  VAT9: 'Btw 9%',
  VAT21: 'Btw 21%',
  INCVATAFTER: 'Totaal incl. btw',
};
export const DEFAULT_WIDGET_ROWS: readonly CalculationTotalRow[] = [
  'HEADER',
  'EXCVAT',
  'VAT9',
  'VAT21',
  'INCVATAFTER',
];

/** Spec 002 section 3: a new widget's description. */
export const NEW_WIDGET_DESCRIPTION = 'nieuwe widget';
