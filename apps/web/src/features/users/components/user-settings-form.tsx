import { ALT_DASHBOARDS, ASSIGNABLE_ROLES, MODULE_TAGS } from '@im/domain';
import { Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { required } from '../../../ui/form/validators';
import { toast } from '../../../ui/toasts';
import { type UserRow, type UserSettingsUpdate, useUpdateUserSettings } from '../queries';
import { RoleTypeSelects } from './role-type-selects';

type Values = {
  role: string;
  user_type: string;
  order: number | string;
  altDashboard: string;
  hide_from_planning: boolean;
  receives_newsletter: boolean;
  simplemode: boolean;
  module_blacklist: string[];
};

// Mantine's Select has no empty value; the standard dashboard ('') is called 'standard' in the form.
const STANDARD = 'standard';

function toValues(user: UserRow): Values {
  return {
    role: String(user.role),
    user_type: user.user_type,
    order: user.order,
    altDashboard: user.altDashboard || STANDARD,
    hide_from_planning: user.hide_from_planning,
    receives_newsletter: user.receives_newsletter,
    simplemode: user.simplemode === 1,
    module_blacklist: user.module_blacklist,
  };
}

/** Only what differs from the user as loaded goes into the PATCH. */
export function changedSettings(user: UserRow, v: Values): UserSettingsUpdate {
  const next: UserSettingsUpdate = {
    role: Number(v.role),
    user_type: v.user_type,
    order: Number(v.order) || 0,
    altDashboard: v.altDashboard === STANDARD ? '' : v.altDashboard,
    hide_from_planning: v.hide_from_planning,
    receives_newsletter: v.receives_newsletter,
    simplemode: v.simplemode ? 1 : 0,
    module_blacklist: MODULE_TAGS.filter((tag) => v.module_blacklist.includes(tag)),
  };
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    const before = (user as Record<string, unknown>)[key];
    const isSame = Array.isArray(value)
      ? Array.isArray(before) && [...before].sort().join() === [...value].sort().join()
      : before === value;
    if (!isSame) changes[key] = value;
  }
  return changes as UserSettingsUpdate;
}

interface UserSettingsFormProps {
  user: UserRow;
  /** Modules of the user's company: those can be blocked. All modules when unknown. */
  companyModules?: readonly string[];
  /** A company administrator cannot hand out a role above their own. */
  maxRole?: number;
  onSaved?: () => void;
  onCancel?: () => void;
}

export function UserSettingsForm({
  user,
  companyModules,
  maxRole,
  onSaved,
  onCancel,
}: UserSettingsFormProps) {
  const { t } = useTranslation();
  const update = useUpdateUserSettings(user.id);
  const { inputProps, form, onSubmit, formError, saveCallbacks } = useAppForm<Values>({
    initialValues: toValues(user),
    validate: (v) => ({ role: required(v.role), user_type: required(v.user_type) }),
  });
  const roles = ASSIGNABLE_ROLES.filter((r) => maxRole === undefined || r <= maxRole || r === user.role);
  const blockable = MODULE_TAGS.filter(
    (tag) => !companyModules || companyModules.includes(tag) || user.module_blacklist.includes(tag),
  );

  const submit = onSubmit((values) => {
    const changes = changedSettings(user, values);
    if (Object.keys(changes).length === 0) {
      toast.info(t('account.noChanges'));
      return;
    }
    update.mutate(
      changes,
      saveCallbacks(t('users.saved'), () => onSaved?.()),
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('common.saveFailed')} />
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <RoleTypeSelects roles={roles} inputProps={inputProps} />
          <NumberInput label={t('users.order')} min={0} allowDecimal={false} {...inputProps('order')} />
          <Select
            label={t('users.altDashboard')}
            allowDeselect={false}
            data={ALT_DASHBOARDS.map((d) => ({
              value: d || STANDARD,
              label: t(`users.dashboards.${d || STANDARD}`),
            }))}
            {...inputProps('altDashboard')}
          />
        </SimpleGrid>
        <Switch
          label={t('users.hideFromPlanning')}
          {...inputProps('hide_from_planning', { type: 'checkbox' })}
        />
        <Switch
          label={t('users.receivesNewsletter')}
          {...inputProps('receives_newsletter', { type: 'checkbox' })}
        />
        <Switch label={t('users.simplemode')} {...inputProps('simplemode', { type: 'checkbox' })} />
        <Title order={3} size="h5" mt="sm">
          {t('users.blacklistTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('users.blacklistHelp')}
        </Text>
        <Switch.Group {...form.getInputProps('module_blacklist')}>
          <Group gap="lg">
            {blockable.map((tag) => (
              <Switch
                key={tag}
                value={tag}
                label={tag}
                aria-label={t('users.blocked', { tag })}
                color="red"
              />
            ))}
          </Group>
        </Switch.Group>
        <FormActions onCancel={onCancel} isPending={update.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
