import {
  FORM_MESSAGES,
  INTAKE_STATUS_LABELS,
  INTAKE_STATUSES,
  type Intake,
  type IntakeDetail,
} from '@im/domain';
import { Anchor, Button, Group, Modal, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { format } from 'date-fns';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { confirm } from '../../../ui/confirm-dialog';
import { ServerDataTable } from '../../../ui/data-table/server-data-table';
import { DetailScreen } from '../../../ui/detail';
import { formatDate, formatDateTime } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { FormTabs } from '../components/form-tabs';
import { NewIntakeModal } from '../components/new-intake.modal';
import { PicturesCard } from '../components/pictures-card';
import { SectionCard } from '../components/section-card';
import { RollbackMenu, useStageColumns } from '../components/stage-common';
import { TasksCard } from '../components/stage-tasks-card';
import { TemplateActions } from '../components/template-actions';
import { TemplateFields } from '../components/template-fields';
import { INTAKE_TABLE_PATH, useDeleteStage, useIntake, useUpdateIntake } from '../queries';
import { IntakeStatusBadge } from './intake-badge';

/** /intake_overview: the company's intakes, paged on the server; templates in their own tab. */
export function IntakeOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns: DataTableColumn<Intake>[] = [
    ...useStageColumns<Intake>('forms.intake', (i) => <IntakeStatusBadge status={i.status} />),
    {
      accessor: 'intake_date',
      title: t('forms.intakeDate'),
      sortable: true,
      render: (i) => formatDateTime(i.intake_date),
    },
    {
      accessor: 'created_at',
      title: t('common.createdAt'),
      sortable: true,
      render: (i) => formatDate(i.created_at),
    },
  ];
  const [isCreating, setCreating] = useState(false);
  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between">
        <Title order={1}>{t('forms.intakes')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('forms.newIntake')}
        </Button>
      </Group>
      <NewIntakeModal opened={isCreating} onClose={() => setCreating(false)} />
      <ServerDataTable<Intake>
        tableKey="intake_overview"
        path={INTAKE_TABLE_PATH}
        columns={columns}
        defaultSort={{ column: 'created_at', direction: 'desc' }}
        filters={[
          {
            key: 'status',
            label: t('common.status'),
            placeholder: t('common.status'),
            options: INTAKE_STATUSES.map((s) => ({ value: s, label: INTAKE_STATUS_LABELS[s] })),
          },
        ]}
        idAccessor="id"
        onRowClick={(i) => navigate(`/intake_detail/${i.id}`)}
      />
    </Stack>
  );
}

function StatusActions({ intake }: { intake: IntakeDetail }) {
  const { t } = useTranslation();
  const update = useUpdateIntake(intake.id);
  const [isPlanning, setPlanning] = useState(false);
  const [isEditing, setEditing] = useState(false);
  // datetime-local speaks the browser's own time, not UTC.
  const [date, setDate] = useState(
    intake.intake_date ? format(new Date(intake.intake_date), "yyyy-MM-dd'T'HH:mm") : '',
  );
  const [description, setDescription] = useState(intake.description);
  const run = (body: Parameters<typeof update.mutate>[0]) =>
    update.mutate(body, {
      onError: (error) => toast.error(error.message),
      onSuccess: () => {
        setPlanning(false);
        setEditing(false);
      },
    });
  return (
    <Group gap="xs" wrap="wrap">
      <Button size="sm" variant="light" onClick={() => setPlanning(true)}>
        {t('forms.plan')}
      </Button>
      <Button size="sm" variant="default" onClick={() => setEditing(true)}>
        {t('common.edit')}
      </Button>
      {intake.status !== 'completed' && (
        <Button
          size="sm"
          variant="default"
          onClick={() => run({ status: 'completed' })}
          loading={update.isPending}
        >
          {t('forms.complete')}
        </Button>
      )}
      <RollbackMenu
        statuses={INTAKE_STATUSES}
        current={intake.status}
        labels={INTAKE_STATUS_LABELS}
        onPick={(status) => run({ status, update_reason: 'rollbackstatus' })}
      />
      {intake.status !== 'cancelled' && (
        <Button size="sm" variant="default" c="red.9" onClick={() => run({ status: 'cancelled' })}>
          {t('forms.cancelStage')}
        </Button>
      )}
      <Modal
        opened={isPlanning}
        onClose={() => setPlanning(false)}
        title={t('forms.plan')}
        closeOnClickOutside={false}
      >
        <Stack>
          <TextInput
            type="datetime-local"
            label={t('forms.intakeDate')}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button
              disabled={!date}
              loading={update.isPending}
              onClick={() => run({ intake_date: new Date(date).toISOString(), status: 'planned' })}
            >
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={isEditing}
        onClose={() => setEditing(false)}
        title={t('common.edit')}
        closeOnClickOutside={false}
      >
        <Stack>
          <Textarea
            label={t('common.description')}
            autosize
            minRows={3}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button loading={update.isPending} onClick={() => run({ description })}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

/** /intake_detail/{id}?formId: the site survey with its forms, photos, appointments and tasks. */
export function IntakeDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().intakeId);
  const query = useIntake(id);
  const navigate = useNavigate();
  const remove = useDeleteStage('intake');
  const onDelete = async () => {
    if (
      !(await confirm({ title: t('common.delete'), message: t('forms.confirmDeleteIntake'), isDanger: true }))
    )
      return;
    const { message } = await remove.mutateAsync(id);
    toast.success(message);
    navigate('/intake_overview');
  };
  return (
    <DetailScreen
      query={query}
      back={{ to: '/intake_overview', label: t('forms.intakes') }}
      loadFailedTitle={t('forms.loadFailed')}
      notFoundMessage={FORM_MESSAGES.intakeNotFound}
    >
      {(intake) => {
        if (intake.is_template) return <Navigate to={`/intaketemplate_detail/${intake.id}`} replace />;
        return (
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2}>
                <Group gap="sm">
                  <Title order={1}>{t('forms.intake', { number: intake.number })}</Title>
                  <IntakeStatusBadge status={intake.status} />
                </Group>
                <Text size="sm">
                  <Anchor component={Link} to={`/flow_detail/${intake.flow_id}`}>
                    {t('forms.flowNumber', { number: intake.flow_number })}
                  </Anchor>
                  {intake.relation_name ? ` · ${intake.relation_name}` : ''}
                  {intake.intake_date ? ` · ${formatDateTime(intake.intake_date)}` : ''}
                </Text>
                {intake.description && (
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                    {intake.description}
                  </Text>
                )}
              </Stack>
              <Group gap="xs" wrap="wrap">
                <TemplateActions kind="intake" id={intake.id} />
                <Button
                  size="sm"
                  color="red"
                  variant="light"
                  onClick={() => void onDelete()}
                  loading={remove.isPending}
                >
                  {t('common.delete')}
                </Button>
              </Group>
            </Group>
            <StatusActions intake={intake} />
            <SectionCard title={t('forms.forms')}>
              <FormTabs
                items={intake.flowdataitems}
                type="intake"
                target={{ flow_id: intake.flow_id!, intake_id: intake.id }}
              />
            </SectionCard>
            <PicturesCard
              pictures={intake.pictures}
              target={{ flow_id: intake.flow_id ?? undefined, intake_id: intake.id }}
              zipPath={`/api/intake/${intake.id}/downloadallpictures`}
              zipName={`opname-${intake.number}-fotos.zip`}
            />
            <SectionCard title={t('forms.agenda')}>
              {intake.agendaitems.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('common.none')}
                </Text>
              ) : (
                intake.agendaitems.map((a) => (
                  <Text key={a.id} size="sm">
                    {a.title}: {formatDateTime(a.start_date)}
                  </Text>
                ))
              )}
            </SectionCard>
            <TasksCard tasks={intake.tasks} />
          </Stack>
        );
      }}
    </DetailScreen>
  );
}

/** /intaketemplate_detail/{id}: a template's name and the forms a new intake starts with. */
export function IntakeTemplateDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().intaketemplateId);
  const query = useIntake(id);
  const update = useUpdateIntake(id);
  const remove = useDeleteStage('intake');
  const navigate = useNavigate();
  return (
    <DetailScreen
      query={query}
      back={{ to: '/account/company_intakesettings', label: t('forms.templates') }}
      loadFailedTitle={t('forms.loadFailed')}
      notFoundMessage={FORM_MESSAGES.templateNotFound}
    >
      {(template) => (
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={1}>
              {t('forms.intakeTemplate')}: {template.name}
            </Title>
            <Button
              color="red"
              variant="light"
              onClick={async () => {
                if (
                  !(await confirm({
                    title: t('common.delete'),
                    message: t('forms.confirmDeleteIntake'),
                    isDanger: true,
                  }))
                )
                  return;
                await remove.mutateAsync(id);
                navigate('/account/company_intakesettings');
              }}
            >
              {t('common.delete')}
            </Button>
          </Group>
          <TemplateFields
            template={template}
            type="intake"
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
