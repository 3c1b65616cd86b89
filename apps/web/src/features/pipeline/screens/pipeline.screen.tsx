import { Alert, Group, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PipelineBoard } from '../components/pipeline-board';
import { PipelineToolbar } from '../components/pipeline-toolbar';
import { loadPipelinePreferences, type PipelinePreferences, savePipelinePreferences } from '../preferences';
import { usePipeline } from '../queries';
import { useMoveLead } from '../use-move-lead';

/** /pipeline: the lead pipeline board (spec 001 sections 2 and 4). */
export function PipelineScreen() {
  const { t } = useTranslation();
  const [preferences, setPreferences] = useState(loadPipelinePreferences);
  const board = usePipeline(preferences);
  const moveLead = useMoveLead(preferences);

  const onPreferences = (next: PipelinePreferences) => {
    setPreferences(next);
    savePipelinePreferences(next);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t('pipeline.title')}</Title>
        <PipelineToolbar preferences={preferences} onChange={onPreferences} />
      </Group>
      {board.isError && <Alert color="red">{board.error.message}</Alert>}
      {board.isPending && <Loader aria-label={t('app.loading')} />}
      {board.data && <PipelineBoard board={board.data} onMove={(id, to) => void moveLead(id, to)} />}
    </Stack>
  );
}
