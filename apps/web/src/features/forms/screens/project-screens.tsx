import {
  FORM_MESSAGES,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type Project,
  type ProjectStatus,
} from '@im/domain';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { confirm } from '../../../ui/confirm-dialog';
import { ServerDataTable } from '../../../ui/data-table/server-data-table';
import { DetailScreen } from '../../../ui/detail';
import { formatDate } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { AttachmentsCard } from '../components/attachments-card';
import { FormTabs } from '../components/form-tabs';
import { PicturesCard } from '../components/pictures-card';
import { SectionCard } from '../components/section-card';
import { RollbackMenu, useStageColumns } from '../components/stage-common';
import { TasksCard } from '../components/stage-tasks-card';
import { TemplateActions } from '../components/template-actions';
import { TemplateFields } from '../components/template-fields';
import { PROJECT_TABLE_PATH, useDeleteStage, useProject, useStageAction, useUpdateProject } from '../queries';
import { ProjectStatusBadge } from './project-badge';

/** /project_overview: the company's projects, paged on the server. */
export function ProjectOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns: DataTableColumn<Project>[] = [
    ...useStageColumns<Project>('forms.project', (p) => <ProjectStatusBadge status={p.status} />),
    {
      accessor: 'created_at',
      title: t('common.createdAt'),
      sortable: true,
      render: (p) => formatDate(p.created_at),
    },
  ];
  return (
    <Stack gap="md" maw={1400}>
      <Title order={1}>{t('forms.projects')}</Title>
      <ServerDataTable<Project>
        tableKey="project_overview"
        path={PROJECT_TABLE_PATH}
        columns={columns}
        defaultSort={{ column: 'created_at', direction: 'desc' }}
        filters={[
          {
            key: 'status',
            label: t('common.status'),
            placeholder: t('common.status'),
            options: PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] })),
          },
        ]}
        idAccessor="id"
        onRowClick={(p) => navigate(`/project_detail/${p.id}`)}
      />
    </Stack>
  );
}

/** /project_detail/{id}?formId: status, forms, photos, attachments and tasks of an execution project. */
export function ProjectDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().projectId);
  const query = useProject(id);
  const update = useUpdateProject(id);
  const markPlanned = useStageAction('project', id);
  const remove = useDeleteStage('project');
  const navigate = useNavigate();
  const run = (status: ProjectStatus, rollback = false) =>
    update.mutate(
      { status, update_reason: rollback ? 'rollbackstatus' : undefined },
      { onError: (error) => toast.error(error.message) },
    );
  return (
    <DetailScreen
      query={query}
      back={{ to: '/project_overview', label: t('forms.projects') }}
      loadFailedTitle={t('forms.loadFailed')}
      notFoundMessage={FORM_MESSAGES.projectNotFound}
    >
      {(project) => {
        if (project.is_template) return <Navigate to={`/projecttemplate_detail/${project.id}`} replace />;
        return (
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2}>
                <Group gap="sm">
                  <Title order={1}>{t('forms.project', { number: project.number })}</Title>
                  <ProjectStatusBadge status={project.status} />
                </Group>
                <Text size="sm">
                  <Anchor component={Link} to={`/flow_detail/${project.flow_id}`}>
                    {t('forms.flowNumber', { number: project.flow_number })}
                  </Anchor>
                  {project.relation_name ? ` · ${project.relation_name}` : ''}
                </Text>
              </Stack>
              <Group gap="xs" wrap="wrap">
                <TemplateActions kind="project" id={project.id} />
                <Button
                  size="sm"
                  color="red"
                  variant="light"
                  loading={remove.isPending}
                  onClick={async () => {
                    if (
                      !(await confirm({
                        title: t('common.delete'),
                        message: t('forms.confirmDeleteProject'),
                        isDanger: true,
                      }))
                    )
                      return;
                    toast.success((await remove.mutateAsync(id)).message);
                    navigate('/project_overview');
                  }}
                >
                  {t('common.delete')}
                </Button>
              </Group>
            </Group>
            <Group gap="xs" wrap="wrap">
              {project.status === 'new' && (
                <Button
                  size="sm"
                  variant="light"
                  loading={markPlanned.isPending}
                  onClick={() => markPlanned.mutate({ action: 'markplanned' })}
                >
                  {t('forms.markPlanned')}
                </Button>
              )}
              {project.status !== 'completed' && (
                <Button size="sm" variant="default" onClick={() => run('completed')}>
                  {t('forms.complete')}
                </Button>
              )}
              <RollbackMenu
                statuses={PROJECT_STATUSES}
                current={project.status}
                labels={PROJECT_STATUS_LABELS}
                onPick={(status) => run(status, true)}
              />
              {project.status !== 'cancelled' && (
                <Button size="sm" variant="default" c="red.9" onClick={() => run('cancelled')}>
                  {t('forms.cancelStage')}
                </Button>
              )}
            </Group>
            <SectionCard title={t('forms.forms')}>
              <FormTabs
                items={project.flowdataitems}
                type="project"
                target={{ flow_id: project.flow_id!, project_id: project.id }}
              />
            </SectionCard>
            <PicturesCard
              pictures={project.pictures}
              target={{ flow_id: project.flow_id ?? undefined, project_id: project.id }}
              zipPath={`/api/project/${project.id}/downloadallpictures`}
              zipName={`project-${project.number}-fotos.zip`}
            />
            <AttachmentsCard projectId={project.id} attachments={project.attachments} />
            <TasksCard tasks={project.tasks} />
          </Stack>
        );
      }}
    </DetailScreen>
  );
}

/** /projecttemplate_detail/{id}: name, forms, duplicate and delete of a project template. */
export function ProjectTemplateDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().projecttemplateId);
  const query = useProject(id);
  const update = useUpdateProject(id);
  const duplicate = useStageAction<{ id: number } & never>('project', id);
  const remove = useDeleteStage('project');
  const navigate = useNavigate();
  return (
    <DetailScreen
      query={query}
      back={{ to: '/account/company_projectsettings', label: t('forms.templates') }}
      loadFailedTitle={t('forms.loadFailed')}
      notFoundMessage={FORM_MESSAGES.templateNotFound}
    >
      {(template) => (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={1}>
              {t('forms.projectTemplate')}: {template.name}
            </Title>
            <Group gap="xs">
              <Button
                variant="default"
                loading={duplicate.isPending}
                onClick={async () => {
                  const copy = (await duplicate.mutateAsync({ action: 'duplicate' })) as unknown as {
                    id: number;
                  };
                  navigate(`/projecttemplate_detail/${copy.id}`);
                }}
              >
                {t('forms.duplicateTemplate')}
              </Button>
              <Button
                color="red"
                variant="light"
                onClick={async () => {
                  if (
                    !(await confirm({
                      title: t('common.delete'),
                      message: t('forms.confirmDeleteProject'),
                      isDanger: true,
                    }))
                  )
                    return;
                  await remove.mutateAsync(id);
                  navigate('/account/company_projectsettings');
                }}
              >
                {t('common.delete')}
              </Button>
            </Group>
          </Group>
          <TemplateFields
            key={template.id}
            template={template}
            type="project"
            isSaving={update.isPending}
            error={update.error?.message}
            onSave={(body) =>
              update.mutate(body, { onSuccess: () => toast.success(t('forms.templateSaved')) })
            }
          />
        </Stack>
      )}
    </DetailScreen>
  );
}
