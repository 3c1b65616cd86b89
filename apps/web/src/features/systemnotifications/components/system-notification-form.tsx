import { THEMES, type Theme } from '@im/domain';
import { Alert, Button, Group, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { required } from '../../../ui/form/validators';
import { themeAlertProps } from '../../../ui/theme-alert';
import { CONTENT_MAX, type SystemNotificationInput, type SystemNotificationRow } from '../queries';

type Values = { content: string; theme: string; active: boolean };

export const validateSystemNotification = (v: Values) => ({
  content:
    required(v.content) ??
    (v.content.trim().length > CONTENT_MAX
      ? i18n.t('systemNotifications.tooLong', { max: CONTENT_MAX })
      : undefined),
  theme: (THEMES as readonly string[]).includes(v.theme) ? undefined : i18n.t('common.required'),
});

interface SystemNotificationFormProps {
  initial?: Pick<SystemNotificationRow, 'content' | 'theme' | 'active'>;
  isSaving: boolean;
  onSubmit: (values: SystemNotificationInput, onError: (error: unknown) => void) => void;
  onCancel: () => void;
}

/** Content, theme and active, with a live preview of the banner as users will see it. */
export function SystemNotificationForm({
  initial,
  isSaving,
  onSubmit,
  onCancel,
}: SystemNotificationFormProps) {
  const { t } = useTranslation();
  const {
    inputProps,
    values,
    onSubmit: handleSubmit,
    formError,
    showServerError,
  } = useAppForm<Values>({
    initialValues: initial
      ? { ...initial, active: initial.active !== false }
      : { content: '', theme: 'info', active: true },
    validate: validateSystemNotification,
  });
  const submit = handleSubmit((v) =>
    onSubmit({ content: v.content.trim(), theme: v.theme as Theme, active: v.active }, showServerError),
  );
  const content = values.content.trim();

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('common.saveFailed')} />
      <Stack gap="sm">
        <Textarea
          label={t('common.text')}
          required
          autosize
          minRows={3}
          maxRows={10}
          data-autofocus
          {...inputProps('content')}
        />
        <Select
          label={t('systemNotifications.theme')}
          required
          allowDeselect={false}
          data={THEMES.map((theme) => ({ value: theme, label: t(`systemNotifications.themes.${theme}`) }))}
          {...inputProps('theme')}
        />
        <Switch
          label={t('common.active')}
          description={t('systemNotifications.activeHelp')}
          {...inputProps('active', { type: 'checkbox' })}
        />
        <Text size="sm" fw={500}>
          {t('common.preview')}
        </Text>
        <Alert {...themeAlertProps(values.theme)} data-testid="systemnotification-preview">
          {content || (
            <Text span c="dimmed" size="sm">
              {t('systemNotifications.previewEmpty')}
            </Text>
          )}
        </Alert>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSaving}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
