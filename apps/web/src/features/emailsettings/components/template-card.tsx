import { ActionIcon, Anchor, Button, Card, Group, Menu, Table, Text, Title } from '@mantine/core';
import { IconCopy, IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { type TemplateKind, useDeleteTemplate, useDuplicateTemplate } from '../queries';

/** The template being edited: its kind and id, id null for a new one; null when none is. */
export type Open = { kind: TemplateKind; id: number | null } | null;

/** One kind of template as a table: create, edit, duplicate and delete its templates. */
export function TemplateCard<T extends { id: number; description: string }>({
  kind,
  title,
  newLabel,
  rows,
  columns,
  cells,
  onOpen,
}: {
  kind: TemplateKind;
  title: string;
  newLabel: string;
  rows: T[];
  columns: string[];
  cells: (row: T) => ReactNode[];
  onOpen: (open: Open) => void;
}) {
  const { t } = useTranslation();
  const duplicate = useDuplicateTemplate(kind);
  const remove = useDeleteTemplate(kind);
  const onDelete = async (row: T) => {
    if (
      !(await confirm({
        title: t('emailsettings.deleteTitle'),
        message: t('emailsettings.deleteConfirm'),
        isDanger: true,
      }))
    )
      return;
    remove.mutate(row.id, {
      onSuccess: () => toast.success(t('emailsettings.deleted')),
      onError: (error) => showActionError(error, t('emailsettings.deleteFailed')),
    });
  };
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => onOpen({ kind, id: null })}>
          {newLabel}
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('emailsettings.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  {cells(row).map((cell, i) => (
                    <Table.Td key={columns[i]}>
                      {i === (kind === 'mailtemplate' ? 1 : kind === 'messagetemplate' ? 1 : 0) ? (
                        <Anchor component="button" type="button" onClick={() => onOpen({ kind, id: row.id })}>
                          {cell}
                        </Anchor>
                      ) : (
                        cell
                      )}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          size="lg"
                          aria-label={t('emailsettings.actions', { name: row.description })}
                        >
                          <IconDots size={16} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          leftSection={<IconPencil size={14} />}
                          onClick={() => onOpen({ kind, id: row.id })}
                        >
                          {t('common.edit')}
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconCopy size={14} />}
                          onClick={() =>
                            duplicate.mutate(row.id, {
                              onSuccess: () => toast.success(t('emailsettings.duplicated')),
                              onError: (error) => showActionError(error),
                            })
                          }
                        >
                          {t('common.duplicate')}
                        </Menu.Item>
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => void onDelete(row)}
                        >
                          {t('common.delete')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
