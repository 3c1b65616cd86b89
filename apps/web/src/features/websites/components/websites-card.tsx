import type { Website } from '@im/domain';
import { ActionIcon, Alert, Button, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconLink,
  IconListDetails,
  IconPencil,
  IconPlus,
  IconRocket,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { useConfirmedDelete } from '../../../ui/detail';
import { LightBadge } from '../../../ui/light-badge';
import { toast } from '../../../ui/toasts';
import { WebsiteModal } from '../modals/website.modal';
import { WebsiteConnectModal } from '../modals/website-connect.modal';
import { WebsiteMappingModal } from '../modals/website-mapping.modal';
import { useDeleteWebsite, useWebsiteAction, useWebsites } from '../queries';

type Dialog = { kind: 'edit'; id: number | null } | { kind: 'mapping' | 'connect'; id: number } | null;

/**
 * The company's websites (spec 002: created and edited through modals, including a mapping editor):
 * name, address, status and leads, with go-live, duplicate, delete and the form address to connect.
 */
export function WebsitesCard() {
  const { t } = useTranslation();
  const websites = useWebsites();
  const action = useWebsiteAction();
  const confirmDelete = useConfirmedDelete(useDeleteWebsite());
  const [dialog, setDialog] = useState<Dialog>(null);
  // The dialogs read the list's copy, so a new key or mapping shows at once.
  const byId = (id: number | null) => websites.data?.find((w) => w.id === id) ?? null;
  const close = () => setDialog(null);

  const onGoLive = async (site: Website) => {
    const isConfirmed = await confirm({
      title: t('websites.goLiveTitle'),
      message: t('websites.goLiveConfirm', { name: site.name }),
      confirmLabel: t('websites.goLive'),
    });
    if (!isConfirmed) return;
    action.mutate(
      { id: site.id, action: 'golive' },
      { onSuccess: () => toast.success(t('websites.wentLive')), onError: (error) => showActionError(error) },
    );
  };
  const onDuplicate = (site: Website) =>
    action.mutate(
      { id: site.id, action: 'duplicate' },
      {
        onSuccess: () => toast.success(t('websites.duplicated')),
        onError: (error) => showActionError(error),
      },
    );
  const onDelete = (site: Website) =>
    confirmDelete(site.id, {
      title: t('websites.deleteTitle'),
      message: t('websites.deleteConfirm'),
      deleted: t('websites.deleted'),
    });

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('websites.title')}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setDialog({ kind: 'edit', id: null })}
        >
          {t('websites.new')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('websites.intro')}
      </Text>
      {websites.isError && <Alert color="red">{t('websites.loadFailed')}</Alert>}
      {websites.data?.length === 0 && <Text c="dimmed">{t('websites.empty')}</Text>}
      <Stack gap="sm">
        {websites.data?.map((site) => (
          <Group key={site.id} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {site.name}
                </Text>
                <LightBadge color={site.status === 'live' ? 'green' : 'gray'} size="sm">
                  {t(`websites.status.${site.status}`)}
                </LightBadge>
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {site.siteurl || t('websites.noSiteurl')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('websites.leadsCount', { count: site.leads_count })} ·{' '}
                {t('websites.mappingCount', { count: site.mapping.length })}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconLink size={14} />}
                onClick={() => setDialog({ kind: 'connect', id: site.id })}
              >
                {t('websites.connect')}
              </Button>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('websites.actionsFor', { name: site.name })}
                  >
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconPencil size={16} />}
                    onClick={() => setDialog({ kind: 'edit', id: site.id })}
                  >
                    {t('websites.edit')}
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconListDetails size={16} />}
                    onClick={() => setDialog({ kind: 'mapping', id: site.id })}
                  >
                    {t('websites.editMapping')}
                  </Menu.Item>
                  {site.status !== 'live' && (
                    <Menu.Item leftSection={<IconRocket size={16} />} onClick={() => void onGoLive(site)}>
                      {t('websites.goLive')}
                    </Menu.Item>
                  )}
                  <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => onDuplicate(site)}>
                    {t('websites.duplicate')}
                  </Menu.Item>
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => void onDelete(site)}
                  >
                    {t('common.delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Group>
        ))}
      </Stack>
      <WebsiteModal
        opened={dialog?.kind === 'edit'}
        onClose={close}
        website={dialog?.kind === 'edit' ? byId(dialog.id) : null}
      />
      <WebsiteMappingModal
        opened={dialog?.kind === 'mapping'}
        onClose={close}
        website={dialog?.kind === 'mapping' ? byId(dialog.id) : null}
      />
      <WebsiteConnectModal website={dialog?.kind === 'connect' ? byId(dialog.id) : null} onClose={close} />
    </Card>
  );
}
