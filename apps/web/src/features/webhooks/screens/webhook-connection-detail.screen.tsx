import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailScreen } from '../../../ui/detail';
import { ConnectionEditor } from '../components/connection-editor';
import { useWebhookConnection } from '../queries';

/** /webhookconnection_detail/{connectionId} (spec 002): editable header, body and query tags, a test button and delete. */
export function WebhookConnectionDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().connectionId);
  const connection = useWebhookConnection(id);
  return (
    <DetailScreen
      query={connection}
      back={{ to: '/account/company_emailsettings', label: t('webhooks.back') }}
      loadFailedTitle={t('webhooks.loadFailedTitle')}
      notFoundMessage={t('webhooks.notFound')}
    >
      {(data) => <ConnectionEditor key={data.id} connection={data} />}
    </DetailScreen>
  );
}
