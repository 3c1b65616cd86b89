import type { VerticalDataField } from '@im/domain';
import { ActionIcon, Code, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LightBadge } from '../../../ui/light-badge';
import { useIsPhone } from '../../../ui/responsive';
import { CardActionsMenu } from '../../../ui/sortable/card-actions-menu';
import { SortableCard } from '../../../ui/sortable/sortable-card-list';
import { FIELD_TYPE_LABELS } from '../i18n';

export interface FieldHandlers {
  onEdit: (field: VerticalDataField) => void;
  onDuplicate: (field: VerticalDataField) => void;
  onDelete: (field: VerticalDataField) => void;
}

interface Props extends FieldHandlers {
  field: VerticalDataField;
  index: number;
}

/** One data field in the form's list: drag handle, order, label, field name, type, what it has, actions. */
export function FieldCard({ field, index, onEdit, onDuplicate, onDelete }: Props) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const name = field.field_label;
  const actions = [
    {
      key: 'duplicate',
      label: t('common.duplicate'),
      Icon: IconCopy,
      color: 'gray',
      onClick: () => onDuplicate(field),
    },
    {
      key: 'delete',
      label: t('verticals.deleteFieldTitle'),
      Icon: IconTrash,
      color: 'red',
      onClick: () => onDelete(field),
    },
  ];

  return (
    <SortableCard
      id={field.id}
      handleLabel={t('common.dragHandle', { name })}
      data={{ 'data-testid': `field-${field.id}`, 'data-field-index': index }}
    >
      <Text size="sm" c="dimmed" w={24} ta="right" pt={6} style={{ flexShrink: 0 }} aria-hidden>
        {field.order}
      </Text>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }} pt={4}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {field.field_label}
          </Text>
          <Code style={{ overflowWrap: 'anywhere' }}>{field.field_name}</Code>
        </Group>
        <Group gap={4} wrap="wrap">
          <LightBadge size="sm" color="blue">
            {FIELD_TYPE_LABELS[field.field_type]}
          </LightBadge>
          {field.showrules.length > 0 && (
            <LightBadge size="sm" color="dark">
              {t('verticals.badgeShowRules', { count: field.showrules.length })}
            </LightBadge>
          )}
          {field.calculationrules.length > 0 && (
            <LightBadge size="sm" color="green">
              {t('verticals.badgeFormulas', { count: field.calculationrules.length })}
            </LightBadge>
          )}
          {field.allow_locations && (
            <LightBadge size="sm" color="orange">
              {t('verticals.badgeLocations')}
            </LightBadge>
          )}
          {!field.selectable_in_products && (
            <LightBadge size="sm" color="gray">
              {t('verticals.badgeNotInProducts')}
            </LightBadge>
          )}
        </Group>
        {field.field_type === 'selectbox' && field.options.length > 0 && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {field.options.join(', ')}
          </Text>
        )}
      </Stack>
      <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Tooltip label={t('verticals.editField')} disabled={isPhone}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('verticals.editFieldOf', { name })}
            onClick={() => onEdit(field)}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        {isPhone ? (
          <CardActionsMenu label={t('verticals.fieldActions', { name })} actions={actions} />
        ) : (
          actions.map(({ key, label, Icon, color, onClick }) => (
            <Tooltip key={key} label={label}>
              <ActionIcon
                variant="subtle"
                size="lg"
                color={color}
                aria-label={t(key === 'delete' ? 'verticals.deleteFieldOf' : 'verticals.duplicateFieldOf', {
                  name,
                })}
                onClick={onClick}
              >
                <Icon size={16} />
              </ActionIcon>
            </Tooltip>
          ))
        )}
      </Group>
    </SortableCard>
  );
}
