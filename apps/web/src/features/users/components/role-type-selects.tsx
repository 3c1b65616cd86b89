import { roleLabel, USER_TYPE_LABELS, USER_TYPES } from '@im/domain';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The required role and user type selects of a user; `roles` are the ones this admin may hand out. */
export function RoleTypeSelects({
  roles,
  inputProps,
}: {
  roles: readonly number[];
  inputProps: (field: 'role' | 'user_type') => Record<string, unknown>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('common.role')}
        required
        allowDeselect={false}
        data={roles.map((r) => ({ value: String(r), label: roleLabel(r) }))}
        {...inputProps('role')}
      />
      <Select
        label={t('users.userType')}
        required
        allowDeselect={false}
        data={USER_TYPES.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] }))}
        {...inputProps('user_type')}
      />
    </>
  );
}
