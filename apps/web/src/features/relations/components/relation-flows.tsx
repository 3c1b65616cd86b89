import { FLOW_STATUS_LABELS } from '@im/domain';
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PartnerProjectName } from '../../partnerprojects';
import type { FlowRow } from '../types';
import { groupFlowsByPartnerProject } from './flow-groups';

/** The relation's live flows per partner project; each row opens the flow. */
export function RelationFlows({
  flows,
  mainFlowId,
  onNewFlow,
}: {
  flows: FlowRow[];
  mainFlowId?: number | null;
  onNewFlow: () => void;
}) {
  const { t } = useTranslation();
  const groups = groupFlowsByPartnerProject(flows);
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('relations.flowsTitle')}
        </Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onNewFlow}>
          {t('relations.newFlow')}
        </Button>
      </Group>
      {groups.length === 0 && <Text c="dimmed">{t('relations.noFlows')}</Text>}
      <Stack gap="md">
        {groups.map((group) => {
          const label =
            group.partnerProjectId === null
              ? t('relations.general')
              : t('relations.partnerProject', { id: group.partnerProjectId });
          return (
            <section key={group.partnerProjectId ?? 'general'} aria-label={label}>
              <Text fw={600} size="sm" mb={4}>
                {group.partnerProjectId === null ? (
                  label
                ) : (
                  <PartnerProjectName id={group.partnerProjectId} fallback={label} />
                )}
              </Text>
              <FlowTable flows={group.flows} mainFlowId={mainFlowId} />
            </section>
          );
        })}
      </Stack>
    </Card>
  );
}

export function FlowTable({
  flows,
  mainFlowId,
  actions,
}: {
  flows: FlowRow[];
  mainFlowId?: number | null;
  actions?: (flow: FlowRow) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing={6} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>{t('common.number')}</Table.Th>
            <Table.Th>{t('common.description')}</Table.Th>
            <Table.Th w={130}>{t('common.status')}</Table.Th>
            <Table.Th w={170}>{t('relations.flowPhase')}</Table.Th>
            {actions && <Table.Th aria-label={t('common.actions')} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {flows.map((flow) => (
            <Table.Tr key={flow.id}>
              <Table.Td>
                {actions ? (
                  `#${flow.number}`
                ) : (
                  <Anchor component={Link} to={`/flow_detail/${flow.id}`} size="sm">
                    #{flow.number}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  {actions ? (
                    flow.description
                  ) : (
                    <Anchor component={Link} to={`/flow_detail/${flow.id}`} c="inherit" size="sm">
                      {flow.description || '—'}
                    </Anchor>
                  )}
                  {flow.id === mainFlowId && (
                    <Badge size="xs" variant="outline">
                      {t('relations.mainFlow')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={flow.flow_status === 'cancelled' ? 'red' : 'blue'}>
                  {FLOW_STATUS_LABELS[flow.flow_status] ?? flow.flow_status}
                </Badge>
              </Table.Td>
              <Table.Td>
                {flow.flow_phase ? (
                  <Group gap={6} wrap="nowrap">
                    <span
                      aria-hidden
                      style={{
                        width: 10,
                        height: 10,
                        borderRadius: 5,
                        background: flow.flow_phase.color || 'gray',
                      }}
                    />
                    <Text size="sm">{flow.flow_phase.description}</Text>
                  </Group>
                ) : null}
              </Table.Td>
              {actions && <Table.Td>{actions(flow)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
