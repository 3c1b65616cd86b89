import { VERTICAL_TYPE_LABELS, type Vertical } from '@im/domain';
import { ActionIcon, Anchor, Button, Group, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArchive, IconArrowBackUp, IconCopy, IconExternalLink, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ServerDataTable } from '../../../ui/data-table/server-data-table';
import { formatDate } from '../../../ui/format';
import { useIsPhone } from '../../../ui/responsive';
import { useVerticalRowActions } from '../components/use-vertical-row-actions';
import { CreateVerticalModal, VERTICAL_TYPE_OPTIONS } from '../modals/vertical.modal';
import { VERTICAL_TABLE_PATH } from '../queries';

const ARCHIVED_KEY = 'im.verticals.archived';

function loadArchived(): boolean {
  try {
    return window.localStorage.getItem(ARCHIVED_KEY) === '1';
  } catch {
    return false;
  }
}

function saveArchived(archived: boolean) {
  try {
    window.localStorage.setItem(ARCHIVED_KEY, archived ? '1' : '0');
  } catch {
    // Storage blocked: the switch still works, it only forgets.
  }
}

/** Spec 002 section 2: the forms (verticals) as a paged, sortable table with saved state. */
export function VerticalOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const [isCreating, creating] = useDisclosure(false);
  const [archived, setArchived] = useState(loadArchived);
  const row = useVerticalRowActions();
  const open = (v: Vertical) => navigate(`/vertical_detail/${v.id}`);

  const icon = (label: string, v: Vertical, Icon: typeof IconCopy, onClick: () => void, color?: string) => (
    <Tooltip label={label} disabled={isPhone}>
      <ActionIcon
        variant="subtle"
        size="lg"
        color={color}
        aria-label={`${label}: ${v.name}`}
        onClick={onClick}
      >
        <Icon size={16} />
      </ActionIcon>
    </Tooltip>
  );

  const columns: DataTableColumn<Vertical>[] = [
    {
      accessor: 'name',
      title: t('common.name'),
      sortable: true,
      render: (v) => (
        <Anchor component={Link} to={`/vertical_detail/${v.id}`} onClick={(event) => event.stopPropagation()}>
          {v.name}
        </Anchor>
      ),
    },
    {
      accessor: 'type',
      title: t('common.type'),
      sortable: true,
      render: (v) => VERTICAL_TYPE_LABELS[v.type],
    },
    {
      accessor: 'description',
      title: t('common.description'),
      sortable: true,
      render: (v) => (
        <Text size="sm" lineClamp={2} c={v.description ? undefined : 'dimmed'}>
          {v.description || t('common.none')}
        </Text>
      ),
    },
    { accessor: 'fields_count', title: t('common.fields'), sortable: true, textAlign: 'right' },
    {
      accessor: 'created_at',
      title: t('common.createdAt'),
      sortable: true,
      render: (v) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(v.created_at)}</span>,
    },
    {
      accessor: 'actions',
      // On a phone an untitled column goes to the card's foot, beside 'Openen'.
      title: isPhone ? '' : t('common.actions'),
      textAlign: 'right',
      render: (v) => (
        // The row opens the form on click; the buttons do only their own thing.
        <Group gap={2} justify="flex-end" wrap="nowrap" onClick={(event) => event.stopPropagation()}>
          {!isPhone && icon(t('common.open'), v, IconExternalLink, () => open(v))}
          {icon(t('common.duplicate'), v, IconCopy, () => row.duplicate(v))}
          {v.archived
            ? icon(t('verticals.restore'), v, IconArrowBackUp, () => row.restore(v))
            : icon(t('verticals.archive'), v, IconArchive, () => void row.archive(v), 'red')}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1}>{t('verticals.overviewTitle')}</Title>
        <Group gap="md">
          <Switch
            label={t('verticals.archivedToggle')}
            checked={archived}
            onChange={(event) => {
              const next = event.currentTarget.checked;
              setArchived(next);
              saveArchived(next);
            }}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={creating.open}>
            {t('verticals.newVertical')}
          </Button>
        </Group>
      </Group>
      <ServerDataTable<Vertical>
        // Each view keeps its own page, search and sort.
        key={archived ? 'archived' : 'live'}
        tableKey={archived ? 'vertical_overview_archived' : 'vertical_overview'}
        path={VERTICAL_TABLE_PATH}
        params={archived ? { archived: 1 } : {}}
        columns={columns}
        defaultSort={{ column: 'name', direction: 'asc' }}
        filters={[
          {
            key: 'type',
            label: t('common.type'),
            placeholder: t('verticals.allTypes'),
            options: VERTICAL_TYPE_OPTIONS,
          },
        ]}
        idAccessor="id"
        onRowClick={open}
      />
      <CreateVerticalModal opened={isCreating} onClose={creating.close} />
    </Stack>
  );
}
