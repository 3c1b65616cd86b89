import { Button, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface DetailActionsProps {
  /** Without it there is no 'Bewerken' button. */
  onEdit?: () => void;
  onDelete: () => void;
  isDeleting: boolean;
}

/** 'Bewerken' and 'Verwijderen' in the header of a detail screen. */
export function DetailActions({ onEdit, onDelete, isDeleting }: DetailActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      {onEdit && (
        <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
          {t('common.edit')}
        </Button>
      )}
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} />}
        onClick={onDelete}
        loading={isDeleting}
      >
        {t('common.delete')}
      </Button>
    </Group>
  );
}
