import { useParams } from 'react-router';
import { DetailScreen } from '../../../ui/detail';
import { ConnectionEditor } from '../components/connection-editor';
import { useWebhookTexts } from '../i18n';
import { useWebhookConnection } from '../queries';

/** /webhookconnection_detail/{connectionId} (spec 002): editable header, body and query tags, a test button and delete. */
export function WebhookConnectionDetailScreen() {
  const tx = useWebhookTexts();
  const id = Number(useParams().connectionId);
  const connection = useWebhookConnection(id);
  return (
    <DetailScreen
      query={connection}
      back={{ to: '/account/company_emailsettings', label: tx.back }}
      loadFailedTitle={tx.loadFailedTitle}
      notFoundMessage={tx.notFound}
    >
      {(data) => <ConnectionEditor key={data.id} connection={data} />}
    </DetailScreen>
  );
}
