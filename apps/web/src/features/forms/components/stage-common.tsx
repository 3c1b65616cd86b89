import type { Intake, Project } from '@im/domain';
import { Anchor, Button, Group, Menu, Modal, Stack, TextInput } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The overview columns intakes and projects share: number, status, flow and customer. */
export function useStageColumns<T extends Intake | Project>(
  numberKey: 'forms.intake' | 'forms.project',
  badge: (row: T) => ReactNode,
): DataTableColumn<T>[] {
  const { t } = useTranslation();
  return [
    {
      accessor: 'number',
      title: t('common.number'),
      sortable: true,
      render: (r) => t(numberKey, { number: r.number }),
    },
    { accessor: 'status', title: t('common.status'), sortable: true, render: badge },
    {
      accessor: 'flow_number',
      title: t('forms.flow'),
      sortable: true,
      render: (r) =>
        r.flow_id ? (
          <Anchor component={Link} to={`/flow_detail/${r.flow_id}`} onClick={(e) => e.stopPropagation()}>
            {t('forms.flowNumber', { number: r.flow_number })}
          </Anchor>
        ) : (
          ''
        ),
    },
    { accessor: 'relation_name', title: t('common.customer'), sortable: true },
  ];
}

/** 'Status terugzetten': the earlier statuses (cancelled never), each rolling the status back to it. */
export function RollbackMenu<S extends string>({
  statuses,
  current,
  labels,
  onPick,
}: {
  statuses: readonly S[];
  current: S;
  labels: Record<S, string>;
  onPick: (status: S) => void;
}) {
  const { t } = useTranslation();
  const earlier = statuses.slice(0, statuses.indexOf(current)).filter((s) => s !== 'cancelled');
  if (earlier.length === 0) return null;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="sm" variant="default" rightSection={<IconChevronDown size={14} />}>
          {t('forms.rollback')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('forms.rollbackTo')}</Menu.Label>
        {earlier.map((s) => (
          <Menu.Item key={s} onClick={() => onPick(s)}>
            {labels[s]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A template's name asked in a modal (save as template, new template). */
export function TemplateNameModal({
  opened,
  title,
  onClose,
  onSave,
  isPending,
  error,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSave: (name: string) => void;
  isPending: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeOnClickOutside={false}>
      <Stack>
        <TextInput
          label={t('forms.templateName')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          error={error}
        />
        <Group justify="flex-end">
          <Button onClick={() => onSave(name)} disabled={!name.trim()} loading={isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
