import { TASK_TYPE_LABELS, type Task } from '@im/domain';
import { Alert, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowIcons } from '../components/row-icons';
import { useTaskDelete } from '../components/task-parts';
import { useTaskTemplates } from '../queries';
import { TaskModal } from './task.modal';

/** The company's task templates: what "Uit sjabloon" on a flow plans (spec 001 "task template"). */
export function TaskTemplatesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const templates = useTaskTemplates();
  const onDelete = useTaskDelete();
  const [editing, setEditing] = useState<Task | null | undefined>(undefined);
  return (
    <Modal opened={opened} onClose={onClose} title={t('planning.tasks.templates')} size="lg" centered>
      <Stack gap="sm">
        {templates.isError && <Alert color="red">{t('planning.tasks.loadFailed')}</Alert>}
        {templates.data?.length === 0 && <Text c="dimmed">{t('planning.tasks.noTemplates')}</Text>}
        {templates.data?.map((template) => (
          <Group key={template.id} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Box
                w={12}
                h={12}
                style={{ background: template.display_color, borderRadius: '50%', flexShrink: 0 }}
                aria-hidden
              />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm">{template.description}</Text>
                <Text size="xs" c="dimmed">
                  {TASK_TYPE_LABELS[template.type]}
                  {template.duration ? ` · ${template.duration} min` : ''}
                </Text>
              </Stack>
            </Group>
            <RowIcons
              label={template.description}
              onEdit={() => setEditing(template)}
              onDelete={() => void onDelete(template)}
            />
          </Group>
        ))}
        <Group justify="space-between" mt="sm">
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
            {t('planning.tasks.newTemplate')}
          </Button>
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
      <TaskModal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        isTemplate
        task={editing}
      />
    </Modal>
  );
}
