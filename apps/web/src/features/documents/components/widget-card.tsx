import { type DocumentWidget, WIDGET_TAG_LABELS } from '@im/domain';
import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconCopy,
  IconEye,
  IconEyeOff,
  IconPencil,
  IconRowInsertBottom,
  IconStackPush,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../ui/responsive';
import { CardActionsMenu } from '../../../ui/sortable/card-actions-menu';
import { SortableCard } from '../../../ui/sortable/sortable-card-list';
import { summarizeWidget } from './widget-summary';

export interface WidgetHandlers {
  onEdit: (widget: DocumentWidget) => void;
  onDuplicate: (widget: DocumentWidget) => void;
  onDelete: (widget: DocumentWidget) => void;
  onToggleHidden: (widget: DocumentWidget) => void;
  onAddAfter: (widget: DocumentWidget) => void;
  /** A recurring widget only: one text widget per filled-in form (asks first; no undo). */
  onPersist: (widget: DocumentWidget) => void;
}

interface Props extends WidgetHandlers {
  widget: DocumentWidget;
  index: number;
}

/** One widget in the editor's list: drag handle, type, description, a glimpse of its content, actions. */
export function WidgetCard({ widget, index, ...handlers }: Props) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const typeLabel = WIDGET_TAG_LABELS[widget.documentwidgettype.tag] ?? widget.documentwidgettype.description;
  const name = widget.description || typeLabel;
  const summary = summarizeWidget(widget);

  const actions = [
    {
      key: 'hide',
      label: widget.is_hidden ? t('documents.showWidget') : t('documents.hideWidget'),
      Icon: widget.is_hidden ? IconEye : IconEyeOff,
      onClick: () => handlers.onToggleHidden(widget),
    },
    {
      key: 'duplicate',
      label: t('common.duplicate'),
      Icon: IconCopy,
      onClick: () => handlers.onDuplicate(widget),
    },
    {
      key: 'after',
      label: t('documents.addWidgetAfter'),
      Icon: IconRowInsertBottom,
      onClick: () => handlers.onAddAfter(widget),
    },
    ...(widget.documentwidgettype.tag === 'RECURRING'
      ? [
          {
            key: 'persist',
            label: t('documents.persistWidget'),
            Icon: IconStackPush,
            color: undefined,
            onClick: () => handlers.onPersist(widget),
          },
        ]
      : []),
    {
      key: 'delete',
      label: t('documents.deleteWidget'),
      Icon: IconTrash,
      color: 'red',
      onClick: () => handlers.onDelete(widget),
    },
  ];

  return (
    <SortableCard
      id={widget.id}
      handleLabel={t('common.dragHandle', { name })}
      data={{ 'data-testid': `widget-${widget.id}`, 'data-widget-index': index }}
    >
      <Stack gap={2} style={{ flex: 1, minWidth: 0, opacity: widget.is_hidden ? 0.6 : 1 }}>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} truncate>
            {typeLabel}
          </Text>
          {widget.is_hidden && (
            <Badge size="xs" color="gray" variant="outline">
              {t('documents.hidden')}
            </Badge>
          )}
          {widget.conditions.length > 0 && (
            <Badge size="xs" color="grape" variant="light">
              {t('common.conditions')} ({widget.conditions.length})
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={500} truncate>
          {widget.description}
        </Text>
        {summary && (
          <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {summary}
          </Text>
        )}
      </Stack>
      <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Tooltip label={t('documents.editWidget')} disabled={isPhone}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={`${t('documents.editWidget')}: ${name}`}
            onClick={() => handlers.onEdit(widget)}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        {!isPhone &&
          actions.slice(0, 2).map(({ key, label, Icon, onClick }) => (
            <Tooltip key={key} label={label}>
              <ActionIcon
                variant="subtle"
                size="lg"
                color="gray"
                aria-label={`${label}: ${name}`}
                onClick={onClick}
              >
                <Icon size={16} />
              </ActionIcon>
            </Tooltip>
          ))}
        <CardActionsMenu
          label={t('documents.widgetActions', { name })}
          actions={isPhone ? actions : actions.slice(2)}
        />
      </Group>
    </SortableCard>
  );
}
