import { PARTNER_PROJECT_TEXTS, type ProjectFlowFilters } from '@im/domain';
import { Alert, Anchor, Button, Grid, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { openBatchProgress } from '../../../ui/batch-progress.modal';
import { DetailActions, DetailScreen, useConfirmedDelete } from '../../../ui/detail';
import { formatDate } from '../../../ui/format';
import { PhaseBar } from '../components/phase-bar';
import { ProjectProgressBar } from '../components/progress-bar';
import {
  emptySelection,
  type FlowSelection,
  ProjectFlowTable,
  selectionBody,
  selectionCount,
} from '../components/project-flow-table';
import { BULK_CHOICES, BulkActionModal, type BulkChoice } from '../modals/bulk-action.modal';
import { CreateFlowInProjectModal } from '../modals/create-flow-in-project.modal';
import { PartnerProjectModal } from '../modals/partner-project.modal';
import {
  type BulkPath,
  PROJECT_KEY,
  useBulkAction,
  useDeleteProject,
  useFilterOptions,
  useProject,
} from '../queries';

/** /partnerproject_detail/:partnerProjectId (PROJECTMANAGEMENT): the partner project's cockpit. */
export function PartnerProjectDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().partnerProjectId);
  const project = useProject(id);
  const remove = useDeleteProject();
  const queryClient = useQueryClient();
  const options = useFilterOptions(id);
  const bulk = useBulkAction(id);
  const [isEditing, editing] = useDisclosure(false);
  const [isCreating, creating] = useDisclosure(false);
  const [filters, setFilters] = useState<ProjectFlowFilters>({});
  const [selection, setSelection] = useState<FlowSelection>(emptySelection);
  const [total, setTotal] = useState(0);
  const [choice, setChoice] = useState<BulkChoice | null>(null);
  const [mainDocument, setMainDocument] = useState<{ id: number; kind: 'quotation' | 'invoice' } | null>(
    null,
  );
  const confirmDelete = useConfirmedDelete(remove, (_: number) =>
    project.data ? `/partner_detail/${project.data.partner_id}` : '/partner_overview',
  );
  const onFilters = useCallback((next: ProjectFlowFilters) => setFilters(next), []);
  const count = selectionCount(selection, total);

  const start = (path: BulkPath, body: Record<string, unknown>) => {
    const title = choice ? t(`partnerprojects.actions.${choice}`) : '';
    const kind = choice === 'combineinvoice' ? 'invoice' : 'quotation';
    bulk.mutate(
      { path, body: { ...body, ...selectionBody(selection, filters) } },
      {
        onSuccess: (started) => {
          setChoice(null);
          setSelection(emptySelection());
          openBatchProgress({
            batchId: started.batchId,
            title,
            failedMessage: t('partnerprojects.batchFailed'),
            onFinished: () => {
              void queryClient.invalidateQueries({ queryKey: PROJECT_KEY });
              if (started.mainDocumentId) setMainDocument({ id: started.mainDocumentId, kind });
            },
          });
        },
      },
    );
  };

  return (
    <DetailScreen
      query={project}
      back={{
        to: project.data ? `/partner_detail/${project.data.partner_id}` : '/partner_overview',
        label: project.data?.partner_name ?? t('partnerprojects.backToPartner'),
      }}
      loadFailedTitle={t('partnerprojects.loadFailedTitle')}
      notFoundMessage={t('partnerprojects.notFound')}
    >
      {(data) => (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={1}>{data.label}</Title>
              <Text c="dimmed" size="sm">
                {[
                  data.partner_name,
                  data.start_date || data.end_date
                    ? `${formatDate(data.start_date)} – ${formatDate(data.end_date)}`
                    : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              <Text size="sm">
                {t('partnerprojects.mainFlow')}:{' '}
                {data.main_flow ? (
                  <Anchor component={Link} to={`/flow_detail/${data.main_flow.id}`}>
                    {data.main_flow.number} · {data.main_flow.description}
                  </Anchor>
                ) : (
                  t('partnerprojects.noMainFlow')
                )}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button variant="default" component={Link} to={`/partnerproject_logitems/${data.id}`}>
                {t('partnerprojects.logItems')}
              </Button>
              <DetailActions
                onEdit={editing.open}
                onDelete={() =>
                  void confirmDelete(id, {
                    title: t('partnerprojects.deleteTitle'),
                    message: PARTNER_PROJECT_TEXTS.deleteConfirm,
                    deleted: t('partnerprojects.deleted'),
                  })
                }
                isDeleting={remove.isPending}
              />
            </Group>
          </Group>
          {mainDocument && (
            <Alert color="teal" withCloseButton onClose={() => setMainDocument(null)}>
              <Anchor component={Link} to={`/${mainDocument.kind}_detail/${mainDocument.id}`}>
                {t('partnerprojects.openMainDocument')}
              </Anchor>
            </Alert>
          )}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <PhaseBar project={data} canChange />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <ProjectProgressBar project={data} />
            </Grid.Col>
          </Grid>
          <ProjectFlowTable
            projectId={id}
            filters={filters}
            onFilters={onFilters}
            selection={selection}
            onSelection={setSelection}
            onTotal={setTotal}
            actions={
              <Group gap="xs">
                {count > 0 && (
                  <Text size="sm" fw={600} role="status">
                    {t('partnerprojects.selected', { count })}
                  </Text>
                )}
                {count > 0 && (
                  <Button variant="subtle" size="xs" onClick={() => setSelection(emptySelection())}>
                    {t('partnerprojects.clearSelection')}
                  </Button>
                )}
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button size="xs" disabled={count === 0} rightSection={<IconChevronDown size={14} />}>
                      {t('partnerprojects.bulkActions')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {BULK_CHOICES.map((c) => (
                      <Menu.Item key={c} onClick={() => setChoice(c)}>
                        {t(`partnerprojects.actions.${c}`)}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
                <Button size="xs" variant="default" onClick={creating.open}>
                  {t('partnerprojects.newFlow')}
                </Button>
              </Group>
            }
          />
          <BulkActionModal
            choice={choice}
            project={data}
            count={count}
            tags={options.data?.tags ?? []}
            isPending={bulk.isPending}
            error={bulk.error?.message ?? null}
            onClose={() => {
              setChoice(null);
              bulk.reset();
            }}
            onSubmit={start}
          />
          <PartnerProjectModal
            partnerId={data.partner_id}
            project={data}
            opened={isEditing}
            onClose={editing.close}
          />
          <CreateFlowInProjectModal project={data} opened={isCreating} onClose={creating.close} />
        </>
      )}
    </DetailScreen>
  );
}
