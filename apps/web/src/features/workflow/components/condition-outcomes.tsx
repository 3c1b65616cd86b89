import { Group, List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface ConditionOutcomeView {
  pretty_description: string;
  holds: boolean;
  actual: string;
}

/** Every condition of a run with a check or a cross and the value that was found. */
export function ConditionOutcomes({ conditions }: { conditions: ConditionOutcomeView[] }) {
  const { t } = useTranslation();
  return (
    <List spacing={4} size="sm" listStyleType="none" p={0}>
      {conditions.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: outcomes have no id; their order is the rule's
        <List.Item key={i}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <ThemeIcon
              size="sm"
              radius="xl"
              variant="light"
              color={c.holds ? 'green' : 'red'}
              role="img"
              aria-label={c.holds ? t('workflow.conditionHolds') : t('workflow.conditionFails')}
            >
              {c.holds ? <IconCheck size={12} /> : <IconX size={12} />}
            </ThemeIcon>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {c.pretty_description}{' '}
              <Text span size="sm" c="dimmed">
                ({t('workflow.found', { value: c.actual })})
              </Text>
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
