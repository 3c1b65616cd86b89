export const MODULE_TAGS = [
  'BASIS',
  'CRM',
  'SALES',
  'SETTINGS',
  'ADMIN',
  'INTAKE',
  'QUOTATION',
  'CONFIRMATION',
  'PROJECT',
  'INVOICE',
  'AFTERCARE',
  'PARTNER',
  'PARTNERMANAGEMENT',
  'PROJECTMANAGEMENT',
] as const;

export type ModuleTag = (typeof MODULE_TAGS)[number];

export function isModuleTag(value: string): value is ModuleTag {
  return (MODULE_TAGS as readonly string[]).includes(value);
}

const MODULE_KEYS: Record<ModuleTag, string> = {
  BASIS: 'Basis',
  CRM: 'Crm',
  SALES: 'Sales',
  SETTINGS: 'Settings',
  ADMIN: 'Admin',
  INTAKE: 'Intake',
  QUOTATION: 'Quotation',
  CONFIRMATION: 'Confirmation',
  PROJECT: 'Project',
  INVOICE: 'Invoice',
  AFTERCARE: 'Aftercare',
  PARTNER: 'Partner',
  PARTNERMANAGEMENT: 'Partnermanagement',
  PROJECTMANAGEMENT: 'Projectmanagement',
};

/** What a module is called in the app (the tag stays the key in the API and the session). */
export const MODULE_LABELS: Record<ModuleTag, string> = {
  BASIS: 'Basis',
  CRM: 'Relatiebeheer',
  SALES: 'Verkoop',
  SETTINGS: 'Instellingen',
  ADMIN: 'Beheer',
  INTAKE: 'Intake',
  QUOTATION: 'Offertes',
  CONFIRMATION: 'Opdrachtbevestigingen',
  PROJECT: 'Uitvoering',
  INVOICE: 'Facturen',
  AFTERCARE: 'Nazorg',
  PARTNER: 'Partner',
  PARTNERMANAGEMENT: 'Partnerbeheer',
  PROJECTMANAGEMENT: 'Projectbeheer',
};

/** The Dutch name of a module tag; an unknown tag as it is. */
export const moduleLabel = (tag: string): string => (isModuleTag(tag) ? MODULE_LABELS[tag] : tag);

/** Session-data key of a module: `hasModule` plus the module name (`hasModuleCrm`). */
export function moduleFlagKey(tag: ModuleTag): `hasModule${string}` {
  return `hasModule${MODULE_KEYS[tag]}` as const;
}

/** Modules a company gets when it registers itself through /register. */
export const SELF_REGISTRATION_MODULES: readonly ModuleTag[] = [
  'BASIS',
  'CRM',
  'SALES',
  'SETTINGS',
  'INTAKE',
  'QUOTATION',
  'CONFIRMATION',
  'PROJECT',
  'INVOICE',
  'AFTERCARE',
];
