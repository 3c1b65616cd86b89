import { CLIPBOARD_CONFIRM_MS } from '@im/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { copyText } from '../../../ui/clipboard';
import { toast } from '../../../ui/toasts';
import { UsersTable } from '../components/users-table';
import { useNewsletterEmails } from '../queries';

/** Users with receives_newsletter, and every address to the clipboard in one click. */
export function UserNewsletterOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const emails = useNewsletterEmails();
  const [isCopied, setCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = window.setTimeout(() => setCopied(false), CLIPBOARD_CONFIRM_MS);
    return () => window.clearTimeout(timer);
  }, [isCopied]);

  const onCopy = async () => {
    const list = emails.data ?? [];
    if (list.length === 0) {
      toast.info(t('users.copyEmailsNone'));
      return;
    }
    if ((await copyText(list.join(', '))) === 'copied') setCopied(true);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('users.newsletterTitle')}</Title>
        <Button
          variant={isCopied ? 'light' : 'filled'}
          color={isCopied ? 'teal' : undefined}
          leftSection={isCopied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          loading={emails.isPending}
          onClick={() => void onCopy()}
        >
          {isCopied ? t('ui.copied') : t('users.copyEmails')}
        </Button>
      </Group>
      <Text c="dimmed">{t('users.newsletterIntro')}</Text>
      <UsersTable
        tableKey="admin-newsletter"
        params={{ receives_newsletter: true }}
        detailPath={(u) => `/user_detail/${u.id}`}
        onRowClick={(u) => navigate(`/user_detail/${u.id}`)}
      />
    </Stack>
  );
}
