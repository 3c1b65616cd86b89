export const ROLE = {
  UITVOEREND: 100,
  SUPERVISOR: 200,
  ZELFSTANDIG_UITVOEREND: 300,
  BULK_IMPORT: 999,
  MANAGER: 1000,
  SYSTEEMBEHEERDER: 5000,
} as const;

/** The roles a user can be given; 999 is only a threshold (bulk import), not a role of its own. */
export const ASSIGNABLE_ROLES = [100, 200, 300, 1000, 5000] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const ROLE_LABELS: Record<number, string> = {
  100: 'Uitvoerend',
  200: 'Supervisor',
  300: 'Zelfstandig uitvoerend',
  1000: 'Manager',
  5000: 'Systeembeheerder',
};

export function roleLabel(role: number): string {
  return ROLE_LABELS[role] ?? 'Standaard';
}

export function hasMinimumRole(role: number, minimum: number): boolean {
  return role >= minimum;
}

/** Special user ids of spec 000 section 9. */
export const USER_ID_EVERYONE = 0;
export const USER_ID_CASE_HANDLER = 9999999;
export const PROTECTED_USER_ID = 1;
export const MAIN_COMPANY_ID = 1;
export const PROTECTED_MESSAGE = 'Perhaps not such a good idea.';
