import {
  type EventTriggerRule,
  formatDelay,
  LEAD_DATE_LABELS,
  type LeadDateField,
  triggerDefinition,
} from '@im/domain';
import { ActionIcon, Anchor, Badge, Collapse, Group, List, Menu, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconClock, IconCopy, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { useConfirmedDelete } from '../../../ui/detail';
import { toast } from '../../../ui/toasts';
import { useDeleteRule, useDuplicateRule } from '../queries';

/** 'Direct', '3 dagen na', '14 dagen voor de startdatum uitvoering' (date triggers; formatDelay's units). */
export function delayText(
  rule: Pick<EventTriggerRule, 'is_delayed' | 'delaytime' | 'event_trigger_tag'>,
  t: TFunction,
  leadDate?: string | null,
): string {
  if (!rule.is_delayed || rule.delaytime === 0) return t('workflow.immediately');
  const delay = formatDelay(rule.delaytime);
  const date = leadDate ?? triggerDefinition(rule.event_trigger_tag)?.leadDate ?? null;
  const dateLabel = date ? LEAD_DATE_LABELS[date as LeadDateField] : null;
  const before = rule.delaytime < 0;
  return dateLabel
    ? t(before ? 'workflow.delayBeforeDate' : 'workflow.delayAfterDate', { delay, date: dateLabel })
    : t(before ? 'workflow.delayBefore' : 'workflow.delayAfter', { delay });
}

export function ruleTitle(rule: Pick<EventTriggerRule, 'description' | 'type_label'>): string {
  return rule.description.trim() || rule.type_label;
}

/** One rule in its trigger's section: what it does, when, under which conditions; its menu. */
export function RuleItem({
  rule,
  leadDate,
  onEdit,
}: {
  rule: EventTriggerRule;
  leadDate: string | null;
  onEdit: (rule: EventTriggerRule) => void;
}) {
  const { t } = useTranslation();
  const [isOpen, { toggle }] = useDisclosure(false);
  const conditionsId = useId();
  const title = ruleTitle(rule);
  const count = rule.conditions.length;
  const tags = rule.cancel_tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

  return (
    <Paper withBorder p="sm" radius="sm" data-testid={`rule-${rule.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Anchor
            component="button"
            type="button"
            fw={600}
            ta="left"
            onClick={() => onEdit(rule)}
            style={{ overflowWrap: 'anywhere' }}
          >
            {title}
          </Anchor>
          {rule.description.trim() && (
            <Text size="sm" c="dimmed">
              {rule.type_label}
            </Text>
          )}
          {rule.morph_label && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {rule.morph_label}
            </Text>
          )}
          <Group gap="xs" wrap="wrap">
            <Badge
              variant="light"
              color="gray"
              c="#3d4148"
              leftSection={<IconClock size={12} />}
              miw="max-content"
            >
              {delayText(rule, t, leadDate)}
            </Badge>
            {count === 0 ? (
              <Text size="sm" c="dimmed">
                {t('workflow.noConditions')}
              </Text>
            ) : (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={toggle}
                aria-expanded={isOpen}
                aria-controls={conditionsId}
                title={rule.conditions.map((c) => c.pretty_description).join('\n')}
              >
                {count === 1 ? t('workflow.oneCondition') : t('workflow.conditionsCount', { count })}
              </Anchor>
            )}
            {tags.length > 0 && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('workflow.cancelTagsShort', { tags: tags.join(', ') })}
              </Text>
            )}
            {rule.pending_count > 0 && (
              <Badge variant="light" color="blue" c="#1c4f8c" miw="max-content">
                {t('workflow.pendingCount', { count: rule.pending_count })}
              </Badge>
            )}
          </Group>
          {count > 0 && (
            <Collapse expanded={isOpen} id={conditionsId}>
              <List size="sm" spacing={2} mt={4}>
                {rule.conditions.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id of their own
                  <List.Item key={i}>{c.pretty_description}</List.Item>
                ))}
              </List>
            </Collapse>
          )}
        </Stack>
        <RuleMenu rule={rule} title={title} onEdit={onEdit} />
      </Group>
    </Paper>
  );
}

function RuleMenu({
  rule,
  title,
  onEdit,
}: {
  rule: EventTriggerRule;
  title: string;
  onEdit: (rule: EventTriggerRule) => void;
}) {
  const { t } = useTranslation();
  const duplicate = useDuplicateRule();
  const confirmDelete = useConfirmedDelete(useDeleteRule());
  const onDuplicate = () =>
    duplicate.mutate(rule.id, {
      onSuccess: () => toast.success(t('workflow.duplicated')),
      onError: (error) => showActionError(error),
    });
  const onDelete = () =>
    void confirmDelete(rule.id, {
      title: t('workflow.deleteTitle'),
      message:
        rule.pending_count > 0
          ? t('workflow.deleteConfirmPending', { count: rule.pending_count })
          : t('workflow.deleteConfirm'),
      deleted: t('workflow.deleted'),
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('workflow.ruleActions', { name: title })}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(rule)}>
          {t('common.edit')}
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={onDuplicate}>
          {t('common.duplicate')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
          {t('common.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
