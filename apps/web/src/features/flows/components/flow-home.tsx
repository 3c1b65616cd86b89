import { FLOW_STATUS_LABELS } from '@im/domain';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../ui/format';
import { AssistMailsCard } from '../../assistmails';
import { useSession } from '../../auth';
import { FlowCalculations } from '../../calculations';
import { FlowDocuments } from '../../documents';
import { FlowFormsCard } from '../../forms';
import { IncidentsCard } from '../../incidents';
import { ActionsCard, AgendaCard, NotesCard, TasksCard } from '../../planning';
import { FlowWorkflowCard } from '../../workflow';
import { useFlowSettings } from '../queries';
import type { Flow } from '../types';
import { userName } from './flow-options';
import { StageBlocks } from './stage-blocks';

/** View "home": the stage blocks and the flow's own fields. */
export function FlowHome({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const settings = useFlowSettings().data;
  const session = useSession();
  const relation = flow.relation;

  return (
    <Stack gap="md">
      <StageBlocks flow={flow} />
      <AssistMailsCard flowId={flow.id} isReadOnly={Boolean(flow.deleted_at)} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            {t('flows.detail.details')}
          </Title>
          <Fields>
            <Field label={t('flows.fields.status')}>
              {FLOW_STATUS_LABELS[flow.flow_status]}
              {flow.flow_phase && ` · ${flow.flow_phase.description}`}
            </Field>
            <Field label={t('flows.fields.description')}>{flow.description}</Field>
            <Field label={t('flows.fields.leadSource')}>{flow.lead_source}</Field>
            <Field label={t('flows.fields.flowprofile')}>{flow.flowprofile?.name}</Field>
            <Field label={t('flows.fields.user')}>
              {flow.user_fullname || userName(settings, flow.user_id)}
            </Field>
            <Field label={t('flows.fields.officeUser')}>{userName(settings, flow.office_user_id)}</Field>
            <Field label={t('flows.fields.projectUser')}>{userName(settings, flow.project_user_id)}</Field>
            <Field label={t('flows.fields.tags')}>
              {flow.tags.length > 0 && (
                <Group gap={4}>
                  {flow.tags.map((tag) => (
                    <Badge key={tag} variant="light" color="gray">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              )}
            </Field>
            <Field label={t('flows.fields.type')}>{flow.type}</Field>
            <Field label={t('flows.fields.leadDate')}>{formatDate(flow.lead_date)}</Field>
            <Field label={t('flows.fields.cancelReason')}>{flow.cancel_reason}</Field>
            <Field label={t('flows.fields.createdAt')}>{formatDate(flow.created_at)}</Field>
            <Field label={t('flows.fields.updatedAt')}>{formatDate(flow.updated_at)}</Field>
          </Fields>
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            {t('flows.fields.relation')}
          </Title>
          <Fields>
            <Field label={t('flows.fields.relation')}>
              <Anchor component={Link} to={`/relation_detail/${flow.relation_id}`}>
                {relation?.fullname ?? flow.relation_fullname}
              </Anchor>
            </Field>
            <Field label={t('flows.fields.address')}>{relation?.address || flow.address}</Field>
            <Field label={t('flows.fields.email')}>
              {relation?.email && <Anchor href={`mailto:${relation.email}`}>{relation.email}</Anchor>}
            </Field>
            <Field label={t('flows.fields.phone')}>
              {[relation?.phone, relation?.mobile].filter(Boolean).join(' · ')}
            </Field>
          </Fields>
        </Card>
      </SimpleGrid>
      {session.hasModuleSales && <FlowCalculations flowId={flow.id} isReadOnly={Boolean(flow.deleted_at)} />}
      <FlowFormsCard flowId={flow.id} isReadOnly={Boolean(flow.deleted_at)} />
      <FlowDocuments flowId={flow.id} isReadOnly={Boolean(flow.deleted_at)} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {session.hasModuleBasis && (
          <ActionsCard owner={{ flow_id: flow.id }} isReadOnly={Boolean(flow.deleted_at)} />
        )}
        <AgendaCard owner={{ flow_id: flow.id }} isReadOnly={Boolean(flow.deleted_at)} />
      </SimpleGrid>
      {session.hasModuleBasis && <TasksCard flowId={flow.id} isReadOnly={Boolean(flow.deleted_at)} />}
      <FlowWorkflowCard flowId={flow.id} isReadOnly={Boolean(flow.deleted_at)} />
      <IncidentsCard flowId={flow.id} isReadOnly={Boolean(flow.deleted_at)} />
      <NotesCard owner={{ flow_id: flow.id }} isReadOnly={Boolean(flow.deleted_at)} />
    </Stack>
  );
}

function Fields({ children }: { children: ReactNode }) {
  return <Stack gap={6}>{children}</Stack>;
}

/** A label and its value; an empty value shows a dash so the row never looks broken. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  const isEmpty = children === null || children === undefined || children === '' || children === false;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {/* A long e-mail address or word wraps inside the card instead of running past its edge on a phone. */}
      <Text size="sm" component="div" miw={0} style={{ overflowWrap: 'anywhere' }}>
        {isEmpty ? '–' : children}
      </Text>
    </Group>
  );
}
