import { FLOW_STATUS_LABELS } from '@im/domain';
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailField, type DetailFieldProps } from '../../../ui/detail';
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
  // The company's info box for new leads (company profile), on every flow that is still a lead.
  const infobox = settings?.custom_lead_infobox ?? '';
  const isLead = flow.flow_status === 'new' || flow.flow_status === 'unread';

  return (
    <Stack gap="md">
      {isLead && infobox && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="lead-infobox">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {infobox}
          </Text>
        </Alert>
      )}
      <StageBlocks flow={flow} />
      <AssistMailsCard flowId={flow.id} isReadOnly={Boolean(flow.deleted_at)} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            {t('common.details')}
          </Title>
          <Fields>
            <Row label={t('common.status')}>
              {FLOW_STATUS_LABELS[flow.flow_status]}
              {flow.flow_phase && ` · ${flow.flow_phase.description}`}
            </Row>
            <Row label={t('common.description')}>{flow.description}</Row>
            <Row label={t('common.leadSource')}>{flow.lead_source}</Row>
            <Row label={t('flows.fields.flowprofile')}>{flow.flowprofile?.name}</Row>
            <Row label={t('common.handler')}>{flow.user_fullname || userName(settings, flow.user_id)}</Row>
            <Row label={t('flows.fields.officeUser')}>{userName(settings, flow.office_user_id)}</Row>
            <Row label={t('flows.fields.projectUser')}>{userName(settings, flow.project_user_id)}</Row>
            <Row label={t('common.tags')}>
              {flow.tags.length > 0 && (
                <Group gap={4}>
                  {flow.tags.map((tag) => (
                    <Badge key={tag} variant="light" color="gray">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              )}
            </Row>
            <Row label={t('common.type')}>{flow.type}</Row>
            <Row label={t('flows.fields.leadDate')}>{formatDate(flow.lead_date)}</Row>
            <Row label={t('flows.fields.cancelReason')}>{flow.cancel_reason}</Row>
            <Row label={t('common.createdAt')}>{formatDate(flow.created_at)}</Row>
            <Row label={t('common.updatedAt')}>{formatDate(flow.updated_at)}</Row>
          </Fields>
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            {t('common.relation')}
          </Title>
          <Fields>
            <Row label={t('common.relation')}>
              <Anchor component={Link} to={`/relation_detail/${flow.relation_id}`}>
                {relation?.fullname ?? flow.relation_fullname}
              </Anchor>
            </Row>
            <Row label={t('common.address')}>{relation?.address || flow.address}</Row>
            <Row label={t('common.email')}>
              {relation?.email && <Anchor href={`mailto:${relation.email}`}>{relation.email}</Anchor>}
            </Row>
            <Row label={t('common.phone')}>
              {[relation?.phone, relation?.mobile].filter(Boolean).join(' · ')}
            </Row>
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

/** A field of these cards: its label in a column beside the value. */
function Row(props: Omit<DetailFieldProps, 'layout'>) {
  return <DetailField layout="inline" {...props} />;
}
