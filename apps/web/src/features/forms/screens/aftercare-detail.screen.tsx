import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFlow } from '../../../api/flows';
import { DetailScreen } from '../../../ui/detail';
import { FlowDocuments } from '../../documents';
import { TasksCard } from '../../planning';
import { FormTabs } from '../components/form-tabs';
import { PicturesCard } from '../components/pictures-card';
import { SectionCard } from '../components/section-card';
import { useFlowDataItems, useFlowPictures } from '../queries';

/** /aftercare_detail/{flowId}?formId: the flow's service forms, tasks, documents and photos. */
export function AftercareDetailScreen() {
  const { t } = useTranslation();
  const flowId = Number(useParams().flowId);
  const flow = useFlow(flowId);
  const items = useFlowDataItems(flowId, 'aftercare');
  const pictures = useFlowPictures(flowId);
  return (
    <DetailScreen
      query={flow}
      back={{ to: `/flow_detail/${flowId}`, label: t('forms.flow') }}
      loadFailedTitle={t('forms.loadFailed')}
      notFoundMessage={t('forms.loadFailed')}
    >
      {(f) => (
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={1}>{t('forms.aftercareOf', { number: f.number })}</Title>
            <Text size="sm">
              <Anchor component={Link} to={`/flow_detail/${f.id}`}>
                {t('forms.flowNumber', { number: f.number })}
              </Anchor>
              {f.relation ? ` · ${f.relation.fullname}` : ''}
            </Text>
          </Stack>
          <SectionCard title={t('forms.forms')}>
            {items.data ? (
              <FormTabs items={items.data} type="aftercare" target={{ flow_id: f.id }} />
            ) : (
              <Loader size="sm" />
            )}
          </SectionCard>
          <TasksCard flowId={f.id} />
          <FlowDocuments flowId={f.id} />
          <PicturesCard
            pictures={pictures.data ?? []}
            target={{ flow_id: f.id }}
            zipPath={`/api/flow/${f.id}/downloadallpictures`}
            zipName={`dossier-${f.number}-fotos.zip`}
          />
        </Stack>
      )}
    </DetailScreen>
  );
}
