import type { ProjectDetail } from '@im/domain';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format';
import { SectionCard } from './section-card';

/** The tasks of a project, read-only. */
export function TasksCard({ tasks }: { tasks: ProjectDetail['tasks'] }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('forms.tasks')}>
      {tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('forms.noTasks')}
        </Text>
      ) : (
        <Stack gap={4}>
          {tasks.map((t) => (
            <Group key={t.id} justify="space-between" wrap="nowrap">
              <Text size="sm">{t.description}</Text>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(t.start_date)} · {t.status}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
