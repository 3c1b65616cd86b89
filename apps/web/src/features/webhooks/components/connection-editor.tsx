import {
  WEBHOOK_MESSAGES,
  WEBHOOK_METHODS_WITHOUT_BODY,
  type WebhookConnection,
  type WebhookMethod,
} from '@im/domain';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconDeviceFloppy, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { formatDateTime } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { METHOD_OPTIONS } from '../modals/create-connection.modal';
import {
  useDeleteWebhookConnection,
  useTestWebhookConnection,
  useUpdateWebhookConnection,
  useWebhookConnectionAction,
} from '../queries';
import {
  type Draft,
  draftOf,
  isSameDraft,
  requestOf,
  serverErrorsOf,
  validateDraft,
} from './connection-draft';
import { DeliveryLog } from './delivery-log';
import { SecretCard } from './secret-card';
import { TagEditor } from './tag-editor';
import { WebhookStatusBadge } from './webhook-status-badge';

const EMAIL_SETTINGS = '/account/company_emailsettings';

/** The detail screen's content: settings and tags saved together, test, copy, delete, key and log. */
export function ConnectionEditor({ connection }: { connection: WebhookConnection }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => draftOf(connection));
  const [base, setBase] = useState<Draft>(() => draftOf(connection));
  const [isSubmitAttempted, setSubmitAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const update = useUpdateWebhookConnection(connection.id);
  const test = useTestWebhookConnection(connection.id);
  const duplicate = useWebhookConnectionAction(connection.id, 'duplicate');
  const remove = useDeleteWebhookConnection();

  // A change elsewhere (live update, new key) follows into the form unless the user is editing.
  useEffect(() => {
    const fresh = draftOf(connection);
    setBase((previous) => {
      setDraft((current) => (isSameDraft(current, previous) ? fresh : current));
      return fresh;
    });
  }, [connection]);

  const isDirty = !isSameDraft(draft, base);
  const clientErrors = validateDraft(draft);
  const errors = { ...(isSubmitAttempted ? clientErrors : {}), ...serverErrors };
  const change = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setServerErrors({});
  };

  /** Saves the draft; resolves false when it could not be saved (errors shown). */
  const save = async (): Promise<boolean> => {
    setSubmitAttempted(true);
    if (Object.keys(clientErrors).length > 0) return false;
    try {
      const saved = await update.mutateAsync(requestOf(draft));
      setDraft(draftOf(saved));
      setBase(draftOf(saved));
      setSubmitAttempted(false);
      return true;
    } catch (error) {
      const fieldErrors = serverErrorsOf(error);
      setServerErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) showActionError(error);
      return false;
    }
  };

  const onSave = async () => {
    if (await save()) toast.success(t('webhooks.saved'));
  };

  const onTest = async () => {
    if (isDirty && !(await save())) return;
    test.mutate(undefined, {
      onSuccess: (result) =>
        result.success
          ? toast.success(WEBHOOK_MESSAGES.testSuccessMessage, WEBHOOK_MESSAGES.testSuccessTitle)
          : toast.error(
              `${WEBHOOK_MESSAGES.testFailureMessage}${result.response}`,
              WEBHOOK_MESSAGES.testFailureTitle,
            ),
      onError: (error) => showActionError(error, WEBHOOK_MESSAGES.testFailureTitle),
    });
  };

  const onDuplicate = () =>
    duplicate.mutate(undefined, {
      onSuccess: (copy) => {
        toast.success(t('webhooks.duplicated'));
        navigate(`/webhookconnection_detail/${copy.id}`);
      },
      onError: (error) => showActionError(error),
    });

  const onDelete = async () => {
    if (
      !(await confirm({
        title: t('webhooks.deleteTitle'),
        message: t('webhooks.deleteConfirm'),
        confirmLabel: t('common.delete'),
        isDanger: true,
      }))
    )
      return;
    remove.mutate(connection.id, {
      onSuccess: () => {
        toast.success(WEBHOOK_MESSAGES.deleted);
        navigate(EMAIL_SETTINGS);
      },
      onError: (error) => showActionError(error),
    });
  };

  const hasNoBody = WEBHOOK_METHODS_WITHOUT_BODY.includes(draft.method);
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {connection.name}
            </Title>
            <WebhookStatusBadge status={connection.status} size="md" />
          </Group>
          <Text size="sm" c="dimmed">
            {t('webhooks.lastTested')}:{' '}
            {connection.last_tested_at
              ? formatDateTime(connection.last_tested_at)
              : t('webhooks.neverTested')}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button
            leftSection={<IconPlugConnected size={16} />}
            loading={test.isPending}
            onClick={() => void onTest()}
          >
            {t('webhooks.test')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            loading={duplicate.isPending}
            onClick={onDuplicate}
          >
            {t('webhooks.duplicate')}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={() => void onDelete()}
          >
            {t('common.delete')}
          </Button>
        </Group>
      </Group>

      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSave();
        }}
      >
        <Stack gap="md">
          <Card withBorder padding="md" component="section" aria-label={t('webhooks.settings')}>
            <Title order={2} size="h4" mb="xs">
              {t('webhooks.settings')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('common.name')}
                required
                value={draft.name}
                error={errors.name}
                onChange={(e) => change({ name: e.currentTarget.value })}
              />
              <Select
                label={t('webhooks.method')}
                data={METHOD_OPTIONS}
                allowDeselect={false}
                value={draft.method}
                error={errors.method}
                onChange={(value) => value && change({ method: value as WebhookMethod })}
              />
            </SimpleGrid>
            <TextInput
              mt="sm"
              label={t('webhooks.url')}
              required
              type="url"
              inputMode="url"
              value={draft.url}
              error={errors.url}
              onChange={(e) => change({ url: e.currentTarget.value })}
            />
            <Text size="sm" c="dimmed" mt="xs">
              {t('webhooks.resetHint')}
            </Text>
          </Card>
          <Text size="sm" c="dimmed">
            {t('webhooks.tagsIntro', { example: '{{ relatie.naam }}' })}
          </Text>
          <TagEditor
            title={t('webhooks.headers')}
            list="header_tags"
            tags={draft.header_tags}
            errors={errors}
            onChange={(header_tags) => change({ header_tags })}
          />
          <TagEditor
            title={t('webhooks.body')}
            list="body_tags"
            tags={draft.body_tags}
            errors={errors}
            note={hasNoBody ? t('webhooks.bodyNotSent', { method: draft.method }) : undefined}
            onChange={(body_tags) => change({ body_tags })}
          />
          <TagEditor
            title={t('webhooks.query')}
            list="query_tags"
            tags={draft.query_tags}
            errors={errors}
            onChange={(query_tags) => change({ query_tags })}
          />
          {isDirty && (
            <Alert color="yellow" variant="light" py="xs">
              {t('webhooks.unsaved')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={update.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <SecretCard connection={connection} />
      <DeliveryLog connectionId={connection.id} />
    </>
  );
}
