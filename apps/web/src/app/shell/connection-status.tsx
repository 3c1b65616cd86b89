import { Alert, Button, Group, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, useUpdateWaiting } from '../pwa/app-update';

/**
 * Where the app stands with the network and its own release (decision 059): without a connection the
 * user knows it before a save fails, and a release installed by the service worker waits for the
 * user's 'Vernieuwen' instead of reloading a form that is being filled in.
 */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const { online } = useNetwork();
  const isUpdateWaiting = useUpdateWaiting();
  const [isUpdating, setUpdating] = useState(false);
  return (
    <>
      {!online && (
        <Alert color="gray" variant="light" icon={<IconWifiOff size={20} />} mb="md" p="xs" role="status">
          <Text size="sm" fw={600}>
            {t('connection.offline')}
          </Text>
          <Text size="sm">{t('connection.offlineHint')}</Text>
        </Alert>
      )}
      {isUpdateWaiting && (
        <Alert color="blue" variant="light" icon={<IconRefresh size={20} />} mb="md" p="xs" role="status">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('connection.update')}</Text>
            <Button
              size="compact-sm"
              loading={isUpdating}
              onClick={() => {
                setUpdating(true);
                void applyUpdate();
              }}
            >
              {t('connection.reload')}
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}
