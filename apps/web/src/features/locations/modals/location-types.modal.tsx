import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useDeleteLocationType, useLocationTypes, useSaveLocationType } from '../queries';
import type { LocationType } from '../types';

/** Location type management: add, rename and delete (with confirmation). */
export function LocationTypesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('locations.typesTitle')}
      closeOnClickOutside={false}
      centered
    >
      {opened && <LocationTypesEditor />}
    </Modal>
  );
}

function LocationTypesEditor() {
  const { t } = useTranslation();
  const types = useLocationTypes();
  const save = useSaveLocationType();
  const [newLabel, setNewLabel] = useState('');

  const onAdd = () => {
    const label = newLabel.trim();
    if (!label) return;
    save.mutate(
      { label },
      {
        onSuccess: () => {
          setNewLabel('');
          toast.success(t('locations.typeSaved'));
        },
        onError: (error) => showActionError(error),
      },
    );
  };

  return (
    <Stack gap="sm">
      {types.data?.length === 0 && <Text c="dimmed">{t('locations.typesEmpty')}</Text>}
      {types.data?.map((type) => (
        <LocationTypeRow key={type.id} type={type} />
      ))}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('locations.newType')}
          value={newLabel}
          onChange={(event) => setNewLabel(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onAdd();
            }
          }}
          style={{ flex: 1 }}
        />
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={onAdd}
          loading={save.isPending}
          disabled={!newLabel.trim()}
        >
          {t('common.add')}
        </Button>
      </Group>
    </Stack>
  );
}

function LocationTypeRow({ type }: { type: LocationType }) {
  const { t } = useTranslation();
  const save = useSaveLocationType();
  const remove = useDeleteLocationType();
  const [draft, setDraft] = useState<string | null>(null);

  const onRename = () => {
    if (!draft?.trim()) return;
    save.mutate(
      { id: type.id, label: draft.trim() },
      { onSuccess: () => setDraft(null), onError: (error) => showActionError(error) },
    );
  };
  const onDelete = async () => {
    const isConfirmed = await confirm({
      title: t('locations.typeDeleteTitle'),
      message: t('common.deleteItemConfirm'),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    remove.mutate(type.id, {
      onSuccess: () => toast.success(t('locations.typeDeleted')),
      onError: (error) => showActionError(error),
    });
  };

  if (draft !== null) {
    return (
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label={t('locations.typeLabel')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          style={{ flex: 1 }}
          data-autofocus
        />
        <ActionIcon variant="light" aria-label={t('common.save')} onClick={onRename} loading={save.isPending}>
          <IconCheck size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('common.cancel')}
          onClick={() => setDraft(null)}
        >
          <IconX size={16} />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Text>{type.label}</Text>
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t('common.edit')}>
          <ActionIcon
            variant="subtle"
            aria-label={`${t('common.edit')}: ${type.label}`}
            onClick={() => setDraft(type.label)}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('common.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${t('common.delete')}: ${type.label}`}
            onClick={() => void onDelete()}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
