import {
  LIBRARY_ITEM_KIND_LABELS,
  type LibraryImportResult,
  type LibraryItem,
  type LibrarySetDetail,
} from '@im/domain';
import { ActionIcon, Alert, Badge, Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { LoadingBlock } from '../../../ui/loading-block';
import { useIsPhone } from '../../../ui/responsive';
import { toast } from '../../../ui/toasts';
import { useImportLibrarySet, useLibraryAdmin, useLibrarySet } from '../queries';

/** A set's items with a tick each (all ticked), and the import of the ticked ones. */
export function ImportSetModal({
  setId,
  isAdmin,
  onClose,
}: {
  setId: number | null;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const set = useLibrarySet(setId);
  return (
    <Modal
      opened={setId !== null}
      onClose={onClose}
      size="lg"
      fullScreen={isPhone}
      title={set.data ? t('librarySets.importTitle', { name: set.data.name }) : t('librarySets.open')}
    >
      <LoadingBlock when={set.isPending && setId !== null} h={160} />
      {set.error && (
        <Alert color="red" role="alert">
          {set.error.message}
        </Alert>
      )}
      {set.data && <ImportBody set={set.data} isAdmin={isAdmin} onClose={onClose} />}
    </Modal>
  );
}

function ImportBody({
  set,
  isAdmin,
  onClose,
}: {
  set: LibrarySetDetail;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(set.library_items.map((i) => i.id)));
  const [result, setResult] = useState<LibraryImportResult | null>(null);
  const importSet = useImportLibrarySet(set.id);
  const { deleteItem } = useLibraryAdmin();
  // An item removed by the administrator leaves the choice.
  useEffect(() => {
    setChosen((c) => new Set([...c].filter((id) => set.library_items.some((i) => i.id === id))));
  }, [set.library_items]);

  const toggle = (id: number) =>
    setChosen((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const isAll = chosen.size === set.library_items.length && chosen.size > 0;
  const run = () =>
    importSet.mutate(
      { item_ids: set.library_items.filter((i) => chosen.has(i.id)).map((i) => i.id) },
      {
        onSuccess: (answer) => {
          setResult(answer);
          toast.success(answer.message);
        },
        onError: (error) => showActionError(error, t('librarySets.importFailed')),
      },
    );
  const removeItem = async (item: LibraryItem) => {
    const isConfirmed = await confirm({
      title: t('librarySets.deleteItem', { name: item.name }),
      message: t('librarySets.deleteItemMessage'),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (isConfirmed) deleteItem.mutate(item.id, { onError: (error) => showActionError(error) });
  };

  if (result)
    return (
      <Stack gap="sm">
        <Alert color="green" role="status" title={result.message} />
        {result.created.length > 0 && (
          <div>
            <Text fw={500} size="sm">
              {t('librarySets.imported')}
            </Text>
            <List size="sm">
              {result.created.map((c) => (
                <List.Item key={`${c.kind}-${c.id}`}>
                  {LIBRARY_ITEM_KIND_LABELS[c.kind]}: {c.name}
                </List.Item>
              ))}
            </List>
          </div>
        )}
        {result.skipped.length > 0 && (
          <div>
            <Text fw={500} size="sm">
              {t('librarySets.skipped')}
            </Text>
            <List size="sm">
              {result.skipped.map((c) => (
                <List.Item key={`${c.kind}-${c.name}`}>
                  {LIBRARY_ITEM_KIND_LABELS[c.kind]}: {c.name}
                </List.Item>
              ))}
            </List>
          </div>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Group>
      </Stack>
    );

  return (
    <Stack gap="sm">
      {set.description && <Text size="sm">{set.description}</Text>}
      <Checkbox
        label={t('librarySets.chooseAll')}
        checked={isAll}
        indeterminate={chosen.size > 0 && !isAll}
        onChange={() => setChosen(isAll ? new Set() : new Set(set.library_items.map((i) => i.id)))}
      />
      <Stack gap={6} component="ul" style={{ padding: 0, margin: 0, listStyle: 'none' }}>
        {set.library_items.map((item) => (
          <Group key={item.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
            <Checkbox
              checked={chosen.has(item.id)}
              onChange={() => toggle(item.id)}
              label={
                <Group gap={6} wrap="wrap">
                  <Badge variant="light" size="sm">
                    {LIBRARY_ITEM_KIND_LABELS[item.kind]}
                  </Badge>
                  <Text size="sm">{item.name}</Text>
                </Group>
              }
              description={item.description || undefined}
              styles={{ body: { alignItems: 'flex-start' } }}
            />
            {isAdmin && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('librarySets.deleteItem', { name: item.name })}
                onClick={() => void removeItem(item)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={run} disabled={chosen.size === 0} loading={importSet.isPending}>
          {t('librarySets.importChosen', { count: chosen.size })}
        </Button>
      </Group>
    </Stack>
  );
}
