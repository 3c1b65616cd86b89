import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** 'Bewerken' and 'Verwijderen' icons of a list row (touch-sized), named after the row; `children` go first. */
export function RowIcons({
  label,
  onEdit,
  onDelete,
  children,
}: {
  label: string;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap">
      {children}
      <Tooltip label={t('common.edit')}>
        <ActionIcon variant="subtle" size="lg" aria-label={`${t('common.edit')}: ${label}`} onClick={onEdit}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('common.delete')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          color="red"
          aria-label={`${t('common.delete')}: ${label}`}
          onClick={onDelete}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
