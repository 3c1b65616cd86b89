// Forms (verticals), their data fields, flow data items, intakes, projects and pictures (spec 002
// sections 2–9; decision 023): the constants and Dutch texts written once for server and web.

export const VERTICAL_TYPES = ['intake', 'project', 'aftercare'] as const;
export type VerticalType = (typeof VERTICAL_TYPES)[number];
/** Spec 002 section 9: the default is opnameformulier. */
export const DEFAULT_VERTICAL_TYPE: VerticalType = 'intake';
export const VERTICAL_TYPE_LABELS: Record<VerticalType, string> = {
  project: 'uitvoeringsformulier',
  intake: 'opnameformulier',
  aftercare: 'serviceformulier',
};

/**
 * What one filled-in copy of a form describes: the whole form, or one room, window, wall or roof
 * (those carry the derived area fields of spec 002 section 5).
 */
export const FLOW_DATA_ITEM_TYPES = ['form', 'room', 'window', 'wall', 'roof'] as const;
export type FlowDataItemType = (typeof FLOW_DATA_ITEM_TYPES)[number];
export const FLOW_DATA_ITEM_TYPE_LABELS: Record<FlowDataItemType, string> = {
  form: 'Formulier',
  room: 'Ruimte',
  window: 'Raam',
  wall: 'Gevel',
  roof: 'Dak',
};
export const FLOW_DATA_ITEM_STATUSES = ['open', 'sent'] as const;
export type FlowDataItemStatus = (typeof FLOW_DATA_ITEM_STATUSES)[number];
export const FLOW_DATA_ITEM_STATUS_LABELS: Record<FlowDataItemStatus, string> = {
  open: 'open',
  sent: 'ingediend',
};
/** Spec 002 section 9: form item autosave debounce. */
export const FORM_AUTOSAVE_DEBOUNCE_MS = 1500;

export const INTAKE_STATUSES = ['draft', 'planned', 'completed', 'cancelled'] as const;
export type IntakeStatus = (typeof INTAKE_STATUSES)[number];
export const INTAKE_STATUS_LABELS: Record<IntakeStatus, string> = {
  draft: 'concept',
  planned: 'ingepland',
  completed: 'afgerond',
  cancelled: 'geannuleerd',
};

/**
 * Which forms a customer fills in through the dossier link (decision 048): survey forms
 * (opnameformulier) on the flow itself or on an intake that has not taken place yet, so a customer can
 * answer questions before the visit. Execution and service forms, and the survey of an intake that is
 * completed or cancelled, are the staff's work and stay off the customer's page.
 */
export const CUSTOMER_FORM_VERTICAL_TYPE: VerticalType = 'intake';
export const CUSTOMER_FORM_INTAKE_STATUSES: readonly IntakeStatus[] = ['draft', 'planned'];

export const PROJECT_STATUSES = ['new', 'planned', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  new: 'nieuw',
  planned: 'ingepland',
  completed: 'afgerond',
  cancelled: 'geannuleerd',
};
/** Spec 002 section 4: new warning, planned info, completed success, cancelled danger. */
export const PROJECT_STATUS_THEMES: Record<ProjectStatus, 'warning' | 'info' | 'success' | 'danger'> = {
  new: 'warning',
  planned: 'info',
  completed: 'success',
  cancelled: 'danger',
};

export const MAX_VERTICAL_NAME_LENGTH = 200;
export const MAX_FIELD_LABEL_LENGTH = 200;
export const MAX_FIELD_NAME_LENGTH = 100;
export const MAX_FIELD_OPTIONS = 200;
export const MAX_FORM_RULES = 50;
export const MAX_FORM_VALUE_LENGTH = 10_000;
export const MAX_LOCATIONS_PER_ITEM = 100;

/** A field name: what formulas and show rules name, so letters, digits and underscores. */
export const FIELD_NAME_PATTERN = /^[a-z_][a-z0-9_]*$/;

/**
 * The field name a label gives (spec 002 section 5: it follows the label unless the user changed
 * it): lower case, accents dropped, everything else an underscore.
 */
export function fieldNameFromLabel(label: string): string {
  const name = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_FIELD_NAME_LENGTH);
  if (name === '') return 'veld';
  return /^[0-9]/.test(name) ? `veld_${name}`.slice(0, MAX_FIELD_NAME_LENGTH) : name;
}

export const FORM_MESSAGES = {
  verticalNotFound: 'Formulier niet gevonden.',
  fieldNotFound: 'Formulierveld niet gevonden.',
  itemNotFound: 'Formulier niet gevonden.',
  intakeNotFound: 'Opname niet gevonden.',
  projectNotFound: 'Project niet gevonden.',
  pictureNotFound: 'Foto niet gevonden.',
  locationNotFound: 'Locatie niet gevonden.',
  flowDataNotFound: 'Formuliergegevens van dit dossier niet gevonden.',
  nameRequired: 'Vul een naam in.',
  labelRequired: 'Vul een label in.',
  fieldNameInvalid: 'Een veldnaam bestaat uit kleine letters, cijfers en liggende streepjes.',
  fieldNameTaken: 'Dit formulier heeft al een veld met deze veldnaam.',
  optionsRequired: 'Een keuzelijst heeft minstens één optie nodig.',
  showRuleField: 'Kies een veld voor de toonregel.',
  showRuleOperator: 'Kies een voorwaarde voor de toonregel.',
  formulaRequired: 'Vul een formule in.',
  verticalArchived: 'Dit formulier is gearchiveerd.',
  verticalArchivedDone: 'Formulier is gearchiveerd.',
  fieldDeleted: 'Formulierveld is verwijderd.',
  itemDeleted: 'Formulier is verwijderd.',
  itemSent: 'Dit formulier is al ingediend en kan niet meer worden gewijzigd.',
  allowLocations: 'Dit formulier kent geen locaties.',
  wrongVerticalType: 'Dit formulier hoort niet bij dit onderdeel.',
  intakeDeleted: 'Opname is verwijderd.',
  projectDeleted: 'Project is verwijderd.',
  pictureDeleted: 'Foto is verwijderd.',
  templateNotFound: 'Sjabloon niet gevonden.',
  notATemplate: 'Dit is geen sjabloon.',
  isTemplate: 'Een sjabloon hoort niet bij een dossier.',
  flowRequired: 'Kies een dossier.',
  relationRequired: 'Kies een relatie.',
  fieldNotPhoto: 'Dit veld is geen fotoveld.',
  /** Spec 002 section 8. */
  pictureUploaded: 'Foto is met succes geupload',
  pictureNotUploaded: 'Foto is niet geupload',
  pictureNotUploadedText: 'Er is helaas iets fout gegaan.',
  /** Spec 002 section 5. */
  confirmDeletePicture: 'Weet u zeker dat u deze foto wilt verwijderen?',
  confirmDeleteField: 'Dit formulierveld verwijderen?',
  confirmDeleteRule: 'Deze regel verwijderen?',
  confirmDuplicate: 'Dit formulierveld dupliceren?',
  /** Spec 002 section 4: starting a project with nothing approved asks first. */
  confirmProjectWithoutApproval:
    'Er is nog geen offerte of opdrachtbevestiging goedgekeurd. Weet u zeker dat u het project wilt starten?',
  onlyImages: 'Let op! Alleen afbeeldingen kunnen worden geupload.',
} as const;
