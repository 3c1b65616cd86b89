import { MAIL_REPLY_TO_CHOICES, type MailReplyToChoice, type MailSender } from '@im/domain';
import { Button, Card, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { useSaveMailSender } from '../queries';

type Values = { sender_name: string; reply_to: MailReplyToChoice; reply_to_address: string };

/**
 * Who the company's mails come from (decision 036): a sender name shown with the platform's address,
 * and where customers' replies go: the company's address, the dossier's handler or a given address.
 */
export function SenderCard({ sender }: { sender: MailSender }) {
  const { t } = useTranslation();
  const save = useSaveMailSender();
  const { form, inputProps, onSubmit, formError, saveCallbacks } = useAppForm<Values>({
    initialValues: {
      sender_name: sender.sender_name,
      reply_to: sender.reply_to,
      reply_to_address: sender.reply_to_address,
    },
    validate: (v) => ({
      reply_to_address:
        v.reply_to === 'address' && !v.reply_to_address.trim()
          ? t('emailsettings.sender.needAddress')
          : undefined,
    }),
  });
  const name = form.values.sender_name.trim() || sender.company_name;
  const submit = onSubmit((v) =>
    save.mutate(
      v,
      saveCallbacks(t('emailsettings.sender.saved'), () => {}),
    ),
  );
  return (
    <Card withBorder padding="md">
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4">
              {t('emailsettings.sender.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('emailsettings.sender.intro')}
            </Text>
          </div>
          <FormError message={formError} />
          <TextInput
            label={t('emailsettings.sender.name')}
            placeholder={sender.company_name}
            description={t('emailsettings.sender.preview', { name })}
            maxLength={100}
            {...inputProps('sender_name')}
          />
          <Radio.Group label={t('emailsettings.sender.replyTo')} {...inputProps('reply_to')}>
            <Stack gap="xs" mt={4}>
              {MAIL_REPLY_TO_CHOICES.map((choice) => (
                <Radio
                  key={choice}
                  value={choice}
                  label={t(`emailsettings.sender.choice.${choice}` as const)}
                  description={
                    choice === 'company'
                      ? sender.company_email || t('emailsettings.sender.noCompanyEmail')
                      : choice === 'handler'
                        ? t('emailsettings.sender.handlerHint')
                        : undefined
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
          {form.values.reply_to === 'address' && (
            <TextInput
              type="email"
              label={t('emailsettings.sender.address')}
              autoComplete="email"
              required
              {...inputProps('reply_to_address')}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
