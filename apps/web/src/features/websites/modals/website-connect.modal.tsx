import type { Website } from '@im/domain';
import { Alert, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { CopyButton } from '../../../ui/clipboard';
import { confirm } from '../../../ui/confirm-dialog';
import { FormModal } from '../../../ui/form/form-modal';
import { toast } from '../../../ui/toasts';
import { websiteFormSnippet } from '../components/form-snippet';
import { useWebsiteAction } from '../queries';

/** "Koppelen": the form address to post to (with copy), an HTML form to paste, and a new address on request. */
export function WebsiteConnectModal({ website, onClose }: { website: Website | null; onClose: () => void }) {
  const { t } = useTranslation();
  const action = useWebsiteAction();
  const endpoint = website ? `${window.location.origin}${website.endpoint_url}` : '';
  const snippet = website ? websiteFormSnippet(website, endpoint, t('common.send')) : '';

  const onResetKey = async () => {
    if (!website) return;
    const isConfirmed = await confirm({
      title: t('websites.resetKeyTitle'),
      message: t('websites.resetKeyConfirm'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    action.mutate(
      { id: website.id, action: 'resetkey' },
      { onSuccess: () => toast.success(t('websites.keyReset')), onError: (error) => showActionError(error) },
    );
  };

  return (
    <FormModal opened={website !== null} onClose={onClose} title={t('websites.connect')} size="xl">
      {website && (
        <Stack gap="sm">
          <Text size="sm">{t('websites.connectIntro')}</Text>
          {website.status !== 'live' && <Alert color="yellow">{t('websites.notLiveYet')}</Alert>}
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={t('websites.endpoint')}
              value={endpoint}
              readOnly
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={endpoint} label={t('websites.copyEndpoint')} />
          </Group>
          <Group justify="space-between" gap="xs">
            <Text fw={600} size="sm" id="website-snippet-label">
              {t('websites.snippet')}
            </Text>
            <CopyButton value={snippet} label={t('websites.copySnippet')} />
          </Group>
          <Code
            block
            aria-labelledby="website-snippet-label"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {snippet}
          </Code>
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void onResetKey()}
              loading={action.isPending}
            >
              {t('websites.resetKey')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </FormModal>
  );
}
