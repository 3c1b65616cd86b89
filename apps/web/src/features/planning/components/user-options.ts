import { USER_ID_CASE_HANDLER, USER_ID_EVERYONE } from '@im/domain';
import type { TFunction } from 'i18next';
import { useFlowSettings } from '../../../api/companies';

export interface Option {
  value: string;
  label: string;
}

/**
 * The users an action or agenda item can be for: the company's users, plus "everyone" (0) and,
 * on a flow, "the case handler or me" (9999999). Hidden-from-planning users stay selectable here:
 * that flag is about the task planning.
 */
export function useUserOptions(
  t: TFunction,
  extra: { everyone?: string; caseHandler?: boolean } = {},
): Option[] {
  const users = useFlowSettings().data?.users ?? [];
  return [
    ...(extra.everyone ? [{ value: String(USER_ID_EVERYONE), label: extra.everyone }] : []),
    ...(extra.caseHandler
      ? [{ value: String(USER_ID_CASE_HANDLER), label: t('planning.actions.caseHandler') }]
      : []),
    ...users.map((u) => ({ value: String(u.id), label: u.fullname })),
  ];
}
