import { Group, List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { fill, useWorkflowTexts } from '../i18n';

export interface ConditionOutcomeView {
  pretty_description: string;
  holds: boolean;
  actual: string;
}

/** Every condition of a run with a check or a cross and the value that was found. */
export function ConditionOutcomes({ conditions }: { conditions: ConditionOutcomeView[] }) {
  const tx = useWorkflowTexts();
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
              aria-label={c.holds ? tx.conditionHolds : tx.conditionFails}
            >
              {c.holds ? <IconCheck size={12} /> : <IconX size={12} />}
            </ThemeIcon>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {c.pretty_description}{' '}
              <Text span size="sm" c="dimmed">
                ({fill(tx.found, { value: c.actual })})
              </Text>
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
