import {
  type CustomerPageSettings,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  type UpdateCustomerPageSettings,
} from '@im/domain';
import { Card, Checkbox, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { showActionError } from '../../../ui/alert-dialog';
import { toast } from '../../../ui/toasts';
import { useSession } from '../../auth';

const KEY = ['company', 'customerpagesettings'] as const;

/** "Klantpagina's": signature or tick to approve, and which links expire after the end date (decision 024). */
export function CustomerPagesCard() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const canEdit = (session?.userrole ?? 0) >= 1000;
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get<CustomerPageSettings>('/api/company/customerpagesettings', { signal }),
  });
  const save = useMutation({
    mutationFn: (body: UpdateCustomerPageSettings) =>
      api.patch<CustomerPageSettings>('/api/company/customerpagesettings', body),
    onSuccess: (data) => {
      queryClient.setQueryData(KEY, data);
      toast.success(t('documentsettings.customerPages.saved'));
    },
    onError: (e) => showActionError(e),
  });
  const data = settings.data;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="customer-pages-title">
      <Title order={2} size="h4" id="customer-pages-title">
        {t('documentsettings.customerPages.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('documentsettings.customerPages.intro')}
      </Text>
      {data && (
        <Stack gap="md">
          <Switch
            label={t('documentsettings.customerPages.signature')}
            description={t('documentsettings.customerPages.signatureHelp')}
            checked={data.confirmation_approval_signature}
            disabled={!canEdit || save.isPending}
            onChange={(e) =>
              save.mutate({ confirmation_approval_signature: e.currentTarget.checked ? 1 : 0 })
            }
          />
          <Checkbox.Group
            label={t('documentsettings.customerPages.expiry')}
            description={t('documentsettings.customerPages.expiryHelp')}
            value={data.customer_link_expiry}
            onChange={(value) =>
              save.mutate({
                customer_link_expiry: value as UpdateCustomerPageSettings['customer_link_expiry'],
              })
            }
          >
            <Group gap="md" mt={6}>
              {DOCUMENT_KINDS.map((kind) => (
                <Checkbox
                  key={kind}
                  value={kind}
                  label={DOCUMENT_KIND_LABELS[kind].many}
                  disabled={!canEdit || save.isPending}
                />
              ))}
            </Group>
          </Checkbox.Group>
          {!canEdit && (
            <Text size="sm" c="dimmed">
              {t('documentsettings.customerPages.adminOnly')}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
