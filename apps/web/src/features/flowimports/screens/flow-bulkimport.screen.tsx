import {
  FLOW_STATUS_LABELS,
  FLOW_STATUSES,
  type FlowImportChoice,
  type FlowImportMapping,
  type FlowImportPreview,
  type FlowStatus,
} from '@im/domain';
import {
  Anchor,
  Button,
  Card,
  CloseButton,
  FileButton,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileSpreadsheet, IconPaperclip, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasModule } from '../../../api/access';
import { showActionError } from '../../../ui/alert-dialog';
import { openBatchProgress } from '../../../ui/batch-progress.modal';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useSession } from '../../auth';
import { usePartnerProjects } from '../../partnerprojects';
import { ImportHistory } from '../components/import-history';
import { ImportMapping } from '../components/import-mapping';
import { ImportPreviewTable } from '../components/import-preview-table';
import { ImportResult } from '../components/import-result';
import {
  useBulkImport,
  useFlowImport,
  useLoadExternalFile,
  useLoadImportFile,
  usePartnerChoices,
  usePreviewImportFile,
  useRefreshAfterImport,
} from '../queries';

const EXAMPLE_FILE = 'voorbeeld-import-woningen.csv';

/** /flow_bulkimport (spec 001 sections 2, 5, 7; decision 063): upload, mapping, preview, import, undo. */
export function FlowBulkImportScreen() {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<FlowImportPreview | null>(null);
  const [filename, setFilename] = useState('');
  const [choices, setChoices] = useState<Record<string, FlowImportChoice>>({});
  const [status, setStatus] = useState<FlowStatus>('new');
  const [tag, setTag] = useState('');
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const [projectId, setProjectId] = useState<string | null>(null);
  const [startProject, setStartProject] = useState(false);
  const [external, setExternal] = useState<{ externalFilename: string; externalFilepath: string } | null>(
    null,
  );
  const loadExternal = useLoadExternalFile();
  const session = useSession();
  const projects = usePartnerProjects(Number(partnerId ?? 0), hasModule(session, 'PARTNERMANAGEMENT'));
  const [importId, setImportId] = useState<number | null>(null);
  const load = useLoadImportFile();
  const remap = usePreviewImportFile();
  const bulkImport = useBulkImport();
  const partners = usePartnerChoices();
  const summary = useFlowImport(importId);
  const refresh = useRefreshAfterImport();

  const onFile = (file: File | null) => {
    if (!file) return;
    load.mutate(file, {
      onSuccess: (answer) => {
        setPreview(answer);
        setFilename(file.name);
        setChoices({});
        setImportId(null);
      },
      onError: (error) => toast.error(error.message, t('common.importFailed')),
    });
  };
  const onMapping = (mapping: FlowImportMapping) => {
    if (!preview) return;
    setPreview({ ...preview, mapping });
    remap.mutate(
      { file: preview.file, mapping },
      {
        onSuccess: (answer) => setPreview({ ...answer, filename: preview.filename }),
        onError: (error) => showActionError(error),
      },
    );
  };
  const importable = preview
    ? preview.rows.filter((r) => r.status !== 'refused' && (choices[String(r.row)] ?? r.choice) !== 'skip')
        .length
    : 0;

  const onImport = async () => {
    if (!preview) return;
    if (importable === 0) {
      toast.error(t('flowImports.noImportable'));
      return;
    }
    const isConfirmed = await confirm({
      title: t('flowImports.confirmTitle'),
      message: t('flowImports.confirm'),
      confirmLabel: t('flowImports.importButton', { count: importable }),
    });
    if (!isConfirmed) return;
    bulkImport.mutate(
      {
        file: preview.file,
        filename,
        mapping: preview.mapping,
        choices,
        status,
        event_trigger_tag: tag.trim() || null,
        partner_id: partnerId ? Number(partnerId) : null,
        partner_project_id: projectId ? Number(projectId) : null,
        start_project: projectId ? startProject : false,
        ...(external ?? {}),
      },
      {
        onSuccess: ({ batchId, importId: id }) =>
          openBatchProgress({
            batchId,
            title: t('flowImports.progressTitle'),
            onFinished: () => {
              refresh();
              setImportId(id);
              setPreview(null);
              setExternal(null);
            },
          }),
        onError: (error) => showActionError(error),
      },
    );
  };
  const reset = () => {
    setPreview(null);
    setImportId(null);
  };

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1}>{t('flowImports.title')}</Title>
      <Text c="dimmed">{t('flowImports.intro')}</Text>
      {importId !== null && summary.data && <ImportResult summary={summary.data} onNew={reset} />}
      <Card withBorder padding="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            {preview ? (
              <Group gap="xs">
                <IconFileSpreadsheet size={18} />
                <Text fw={500}>{filename}</Text>
              </Group>
            ) : (
              <Text size="sm">{t('flowImports.fileHint')}</Text>
            )}
            <Anchor href={`./examples/${EXAMPLE_FILE}`} download size="sm">
              {t('flowImports.exampleFile')}
            </Anchor>
          </Stack>
          <FileButton onChange={onFile} accept=".xlsx,.xls,.csv,text/csv">
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={load.isPending}>
                {preview ? t('flowImports.otherFile') : t('flowImports.chooseFile')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Card>
      {preview && (
        <>
          <ImportMapping
            columns={preview.columns}
            mapping={preview.mapping}
            isBusy={remap.isPending}
            onChange={onMapping}
          />
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('flowImports.linksTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Select
                label={t('flowImports.status')}
                data={FLOW_STATUSES.filter((s) => s !== 'completed' && s !== 'cancelled').map((s) => ({
                  value: s,
                  label: FLOW_STATUS_LABELS[s],
                }))}
                value={status}
                onChange={(v) => v && setStatus(v as FlowStatus)}
                allowDeselect={false}
              />
              <TextInput
                label={t('flowImports.eventTag')}
                description={t('flowImports.eventTagHint')}
                value={tag}
                maxLength={50}
                onChange={(e) => setTag(e.currentTarget.value)}
              />
              <Select
                label={t('flowImports.partner')}
                placeholder={t('flowImports.noPartner')}
                data={(partners.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                value={partnerId}
                onChange={(v) => {
                  setPartnerId(v);
                  setProjectId(null);
                }}
                clearable
              />
              {partnerId && (projects.data?.data.length ?? 0) > 0 && (
                <Select
                  label={t('flowImports.partnerProject')}
                  placeholder={t('flowImports.noPartnerProject')}
                  data={(projects.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.label }))}
                  value={projectId}
                  onChange={setProjectId}
                  clearable
                />
              )}
              {projectId && (
                <Switch
                  mt="lg"
                  label={t('flowImports.startProject')}
                  checked={startProject}
                  onChange={(e) => setStartProject(e.currentTarget.checked)}
                />
              )}
            </SimpleGrid>
            <Group gap="sm" mt="md" wrap="wrap">
              <FileButton
                accept="image/*,application/pdf"
                onChange={(file) =>
                  file &&
                  loadExternal.mutate(file, {
                    onSuccess: setExternal,
                    onError: (error) => toast.error(error.message, t('common.importFailed')),
                  })
                }
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconPaperclip size={16} />}
                    loading={loadExternal.isPending}
                  >
                    {external ? t('flowImports.otherExternalFile') : t('flowImports.externalFile')}
                  </Button>
                )}
              </FileButton>
              {external ? (
                <Group gap={4}>
                  <Text size="sm" fw={500}>
                    {external.externalFilename}
                  </Text>
                  <CloseButton
                    size="sm"
                    aria-label={t('flowImports.removeExternalFile')}
                    onClick={() => setExternal(null)}
                  />
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('flowImports.externalFileHint')}
                </Text>
              )}
            </Group>
          </Card>
          <ImportPreviewTable
            preview={preview}
            choices={choices}
            onChoice={(row, choice) => setChoices((c) => ({ ...c, [String(row)]: choice }))}
          />
          <Group justify="flex-end">
            <Button
              size="md"
              onClick={() => void onImport()}
              loading={bulkImport.isPending}
              disabled={remap.isPending}
            >
              {t('flowImports.importButton', { count: importable })}
            </Button>
          </Group>
        </>
      )}
      <ImportHistory onOpen={(id) => setImportId(id)} />
    </Stack>
  );
}
