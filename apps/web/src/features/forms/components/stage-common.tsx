import type { Intake, Project } from '@im/domain';
import { Anchor, Button, Group, Menu, Modal, Stack, TextInput } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { fill, useFormTexts } from '../i18n';

/** The overview columns intakes and projects share: number, status, flow and customer. */
export function useStageColumns<T extends Intake | Project>(
  numberLabel: string,
  badge: (row: T) => ReactNode,
): DataTableColumn<T>[] {
  const tx = useFormTexts();
  return [
    {
      accessor: 'number',
      title: tx.number,
      sortable: true,
      render: (r) => fill(numberLabel, { number: r.number }),
    },
    { accessor: 'status', title: tx.status, sortable: true, render: badge },
    {
      accessor: 'flow_number',
      title: tx.flow,
      sortable: true,
      render: (r) =>
        r.flow_id ? (
          <Anchor component={Link} to={`/flow_detail/${r.flow_id}`} onClick={(e) => e.stopPropagation()}>
            {fill(tx.flowNumber, { number: r.flow_number })}
          </Anchor>
        ) : (
          ''
        ),
    },
    { accessor: 'relation_name', title: tx.relation, sortable: true },
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
  const tx = useFormTexts();
  const earlier = statuses.slice(0, statuses.indexOf(current)).filter((s) => s !== 'cancelled');
  if (earlier.length === 0) return null;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="sm" variant="default" rightSection={<IconChevronDown size={14} />}>
          {tx.rollback}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{tx.rollbackTo}</Menu.Label>
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
  const tx = useFormTexts();
  const [name, setName] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeOnClickOutside={false}>
      <Stack>
        <TextInput
          label={tx.templateName}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          error={error}
        />
        <Group justify="flex-end">
          <Button onClick={() => onSave(name)} disabled={!name.trim()} loading={isPending}>
            {tx.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
