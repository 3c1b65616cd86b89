import { FORM_MESSAGES, type Intake, type Paginated, type Project } from '@im/domain';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconClipboardList, IconHammer, IconLifebuoy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../../api/client';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useSession } from '../../auth';
import { useCreateIntake, useCreateProject } from '../queries';
import { IntakeStatusBadge } from '../screens/intake-badge';
import { ProjectStatusBadge } from '../screens/project-badge';

function useFlowStages<T>(kind: 'intake' | 'project', flowId: number, enabled: boolean) {
  return useQuery({
    queryKey: [kind, 'flow', flowId],
    queryFn: ({ signal }) =>
      api.get<Paginated<T>>(`/api/${kind}/querypaginated`, { signal, query: { flow_id: flowId, limit: 50 } }),
    enabled,
  });
}

/** On the flow detail: its intakes and projects, and where to start one or open the aftercare. */
export function FlowFormsCard({ flowId, isReadOnly }: { flowId: number; isReadOnly?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const intakes = useFlowStages<Intake>('intake', flowId, session.hasModuleIntake);
  const projects = useFlowStages<Project>('project', flowId, session.hasModuleProject);
  const createIntake = useCreateIntake();
  const createProject = useCreateProject();
  if (!session.hasModuleIntake && !session.hasModuleProject && !session.hasModuleAftercare) return null;
  const onIntake = async () => {
    try {
      const created = await createIntake.mutateAsync({ flow_id: flowId });
      toast.success(t('forms.intakeCreated'));
      navigate(`/intake_detail/${created.id}`);
    } catch (error) {
      toast.error((error as Error).message);
    }
  };
  const onProject = async () => {
    try {
      const { has_approved_document } = await api.get<{ has_approved_document: boolean }>(
        '/api/project/startcheck',
        {
          query: { flow_id: flowId },
        },
      );
      if (
        !has_approved_document &&
        !(await confirm({
          title: t('forms.startProject'),
          message: FORM_MESSAGES.confirmProjectWithoutApproval,
        }))
      )
        return;
      const created = await createProject.mutateAsync({ flow_id: flowId });
      toast.success(t('forms.projectStarted'));
      navigate(`/project_detail/${created.id}`);
    } catch (error) {
      toast.error((error as Error).message);
    }
  };
  return (
    <Card withBorder padding="md" component="section" aria-label={t('forms.forms')}>
      <Title order={2} size="h4" mb="sm">
        {t('forms.forms')}
      </Title>
      <Stack gap="xs">
        {(intakes.data?.data ?? []).map((i) => (
          <Group key={`i${i.id}`} gap="xs">
            <Anchor component={Link} to={`/intake_detail/${i.id}`}>
              {t('forms.intake', { number: i.number })}
            </Anchor>
            <IntakeStatusBadge status={i.status} />
          </Group>
        ))}
        {(projects.data?.data ?? []).map((p) => (
          <Group key={`p${p.id}`} gap="xs">
            <Anchor component={Link} to={`/project_detail/${p.id}`}>
              {t('forms.project', { number: p.number })}
            </Anchor>
            <ProjectStatusBadge status={p.status} />
          </Group>
        ))}
        {(intakes.data?.data.length ?? 0) + (projects.data?.data.length ?? 0) === 0 && (
          <Text size="sm" c="dimmed">
            {t('forms.noForms')}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          {session.hasModuleIntake && !isReadOnly && (
            <Button
              size="sm"
              variant="light"
              leftSection={<IconClipboardList size={16} />}
              loading={createIntake.isPending}
              onClick={() => void onIntake()}
            >
              {t('forms.startIntake')}
            </Button>
          )}
          {session.hasModuleProject && !isReadOnly && (
            <Button
              size="sm"
              variant="light"
              leftSection={<IconHammer size={16} />}
              loading={createProject.isPending}
              onClick={() => void onProject()}
            >
              {t('forms.startProject')}
            </Button>
          )}
          {session.hasModuleAftercare && (
            <Button
              size="sm"
              variant="default"
              component={Link}
              to={`/aftercare_detail/${flowId}`}
              leftSection={<IconLifebuoy size={16} />}
            >
              {t('forms.openAftercare')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
