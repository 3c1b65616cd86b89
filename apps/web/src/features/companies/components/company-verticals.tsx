import {
  type FieldImportPreview,
  type FieldImportResult,
  MAIN_COMPANY_ID,
  VERTICAL_TYPE_LABELS,
  type Vertical,
} from '@im/domain';
import { Alert, Badge, Button, Group, Loader, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { showActionError } from '../../../ui/alert-dialog';
import { openBatchProgress } from '../../../ui/batch-progress.modal';
import { confirm } from '../../../ui/confirm-dialog';
import { FileImportExport } from '../../../ui/files/file-import-export';
import { toast } from '../../../ui/toasts';

const MAX_ERRORS_SHOWN = 100;

export const companyVerticalsKey = (companyId: number) => ['company', companyId, 'verticals'] as const;

function useCompanyVerticals(companyId: number) {
  return useQuery({
    queryKey: companyVerticalsKey(companyId),
    queryFn: ({ signal }) => api.get<Vertical[]>(`/api/company/${companyId}/verticals`, { signal }),
  });
}

/**
 * Platform administration of a company's forms (spec 000 "Company admin"): the forms with their
 * type and fields, a form of the main company's library added (addverticaltocompany) or one
 * removed (archived, removeverticalfromcompany), and the export and import of the forms and their
 * data fields (the file is checked first, rows with errors named; the import runs as a batch job).
 */
export function CompanyVerticals({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const verticals = useCompanyVerticals(companyId);
  const library = useCompanyVerticals(MAIN_COMPANY_ID);
  const [chosen, setChosen] = useState<string | null>(null);
  const [isAdding, setAdding] = useState(false);
  const base = `/api/company/${companyId}`;

  const owned = new Set(
    (verticals.data ?? []).filter((v) => !v.archived).map((v) => `${v.type}\u0000${v.name}`),
  );
  const libraryOptions = (library.data ?? [])
    .filter((v) => !v.archived && !owned.has(`${v.type}\u0000${v.name}`))
    .map((v) => ({ value: String(v.id), label: `${v.name} (${VERTICAL_TYPE_LABELS[v.type]})` }));

  const setList = (list: Vertical[]) => queryClient.setQueryData(companyVerticalsKey(companyId), list);

  const onAdd = async () => {
    const source = library.data?.find((v) => String(v.id) === chosen);
    if (!source) return;
    setAdding(true);
    try {
      setList(await api.patch<Vertical[]>(`${base}/addverticaltocompany`, { verticalId: source.id }));
      setChosen(null);
      toast.success(t('companies.formAdded', { name: source.name }));
    } catch (error) {
      showActionError(error);
    } finally {
      setAdding(false);
    }
  };

  const onRemove = async (vertical: Vertical) => {
    const confirmed = await confirm({
      title: t('companies.formRemoveTitle'),
      message: t('companies.formRemoveConfirm', { name: vertical.name }),
      confirmLabel: t('companies.formRemove'),
      isDanger: true,
    });
    if (!confirmed) return;
    try {
      setList(await api.patch<Vertical[]>(`${base}/removeverticalfromcompany`, { verticalId: vertical.id }));
      toast.success(t('companies.formRemoved', { name: vertical.name }));
    } catch (error) {
      showActionError(error);
    }
  };

  const onFinished = (batchId: string) => {
    let isReported = false;
    return (state: 'done' | 'failed') => {
      if (isReported) return;
      isReported = true;
      void queryClient.invalidateQueries({ queryKey: companyVerticalsKey(companyId) });
      if (state !== 'done') return;
      api
        .get<FieldImportResult>(`${base}/importverticaldatafields/${encodeURIComponent(batchId)}`)
        .then((result) =>
          toast.success(
            t('companies.formsImportDone', {
              formsCreated: result.forms_created,
              created: result.created,
              updated: result.updated,
              skipped: result.skipped.length,
            }),
            t('companies.formsImportTitle'),
          ),
        )
        .catch(() => {
          // The counts are a courtesy: the list above shows the outcome.
        });
    };
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('companies.formsHint')}
      </Text>
      {verticals.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {verticals.isError && <Alert color="red">{verticals.error.message}</Alert>}
      {verticals.data && verticals.data.length === 0 && <Text size="sm">{t('companies.formsEmpty')}</Text>}
      {verticals.data && verticals.data.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.name')}</Table.Th>
                <Table.Th>{t('common.type')}</Table.Th>
                <Table.Th>{t('common.fields')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {verticals.data.map((v) => (
                <Table.Tr key={v.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm" c={v.archived ? 'dimmed' : undefined}>
                        {v.name}
                      </Text>
                      {v.archived && (
                        <Badge size="xs" color="gray.7">
                          {t('companies.formArchived')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{VERTICAL_TYPE_LABELS[v.type]}</Table.Td>
                  <Table.Td>{v.fields_count}</Table.Td>
                  <Table.Td ta="right">
                    {!v.archived && (
                      <Button
                        size="xs"
                        color="red"
                        variant="subtle"
                        leftSection={<IconTrash size={14} />}
                        aria-label={t('companies.formRemoveLabel', { name: v.name })}
                        onClick={() => void onRemove(v)}
                      >
                        {t('companies.formRemove')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t('companies.formFromLibrary')}
          data={libraryOptions}
          value={chosen}
          onChange={setChosen}
          searchable
          w={320}
        />
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          disabled={!chosen}
          loading={isAdding}
          onClick={() => void onAdd()}
        >
          {t('companies.formAdd')}
        </Button>
      </Group>
      <Group gap="xs" wrap="wrap">
        <FileImportExport<FieldImportPreview>
          exportPath={`${base}/exportverticaldatafields`}
          exportFileName="formulieren.xlsx"
          importPath={`${base}/importverticaldatafields`}
          previewTitle={t('companies.formsImportTitle')}
          summary={(preview) =>
            t('companies.formsImportSummary', {
              rows: preview.rows,
              formsCreate: preview.forms_create,
              create: preview.create,
              update: preview.update,
              unchanged: preview.unchanged,
            })
          }
          errorsTitle={(count) => t('companies.formsImportErrors', { count })}
          errors={(errors) => (
            <ScrollArea.Autosize mah={300}>
              <Table verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={60}>{t('companies.formsImportRow')}</Table.Th>
                    <Table.Th>{t('companies.formsImportMessage')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {errors.slice(0, MAX_ERRORS_SHOWN).map((e) => (
                    <Table.Tr key={`${e.row}-${e.message}`}>
                      <Table.Td>{e.row}</Table.Td>
                      <Table.Td>{e.message.replace(/^Rij \d+: /, '')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          startLabel={t('companies.formsImportStart')}
          canStart={(preview) => preview.rows - preview.errors.length > 0}
          onStarted={(batchId) =>
            openBatchProgress({
              batchId,
              title: t('companies.formsImportTitle'),
              onFinished: onFinished(batchId),
            })
          }
        />
      </Group>
    </Stack>
  );
}
