import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../ui/toasts';
import { type UserDetails, useUpdateUser } from '../queries';

/** Simple mode toggles between 1 and 0 (spec 000 section 4). */
export function SimpleModeSwitch({ user }: { user: UserDetails }) {
  const { t } = useTranslation();
  const update = useUpdateUser(user.id);
  const isOn = (update.isPending ? update.variables.simplemode : user.simplemode) === 1;

  return (
    <Switch
      label={t('account.simplemode')}
      description={t('account.simplemodeHelp')}
      checked={isOn}
      disabled={update.isPending}
      onChange={(event) => {
        const simplemode = event.currentTarget.checked ? 1 : 0;
        update.mutate(
          { simplemode },
          {
            onSuccess: () =>
              toast.success(simplemode === 1 ? t('account.simplemodeOn') : t('account.simplemodeOff')),
            onError: (error) => toast.error(error.message, t('common.saveFailed')),
          },
        );
      }}
    />
  );
}
