import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FlowDocuments } from '../../documents';
import type { Flow } from '../types';
import { FlowFiles } from './flow-files';
import { LeadDates } from './lead-dates';

/** View "dossier": the flow's quotations and documents, its files, assist files and lead dates. */
export function FlowDossier({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <FlowDocuments flowId={flow.id} isReadOnly={Boolean(flow.deleted_at)} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <FlowFiles flowId={flow.id} kind="flowfile" title={t('common.files')} files={flow.files ?? []} />
        <FlowFiles
          flowId={flow.id}
          kind="assistfile"
          title={t('flows.files.assistFiles')}
          files={flow.assistfiles ?? []}
        />
      </SimpleGrid>
      <LeadDates flowId={flow.id} />
    </Stack>
  );
}
