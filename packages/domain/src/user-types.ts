export const USER_TYPES = [
  'standard',
  'sales',
  'project',
  'external',
  'support',
  'partner',
  'dummy',
] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  standard: 'Standaard',
  sales: 'Adviseur',
  project: 'Uitvoerder',
  external: 'Extern',
  support: 'Ondersteunend',
  partner: 'Partner',
  dummy: 'Dummy',
};

/** Dashboard kinds of spec 000 section 9; the empty string is the standard dashboard. */
export const ALT_DASHBOARDS = [
  '',
  'sales',
  'project',
  'v1',
  'alternativev1',
  'salesv1',
  'projectv1',
  'partner',
] as const;
export type AltDashboard = (typeof ALT_DASHBOARDS)[number];
