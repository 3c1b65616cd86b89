import {
  MAX_WEBSITE_FIELD_KEY_LENGTH,
  MAX_WEBSITE_MAPPING_ROWS,
  mapsContactField,
  WEBSITE_TARGET_FIELDS,
  WEBSITE_TARGET_LABELS,
  type Website,
  type WebsiteMappingRow,
  type WebsiteTargetField,
  zWebsiteMapping,
} from '@im/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import type { FormModalProps } from '../../../ui/form/form-modal';
import { FormModal } from '../../../ui/form/form-modal';
import { toast } from '../../../ui/toasts';
import { useSaveWebsite } from '../queries';

/** Spec 002 "Website edit mapping": rows of posted field, target field, value when empty and value mapping. */
export function WebsiteMappingModal({
  opened,
  onClose,
  website,
}: FormModalProps & { website: Website | null }) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened && website !== null}
      onClose={onClose}
      title={t('websites.editMapping')}
      size="xl"
    >
      {website && <MappingForm website={website} onDone={onClose} />}
    </FormModal>
  );
}

type Row = WebsiteMappingRow & { uid: number };
const TARGETS = WEBSITE_TARGET_FIELDS.map((f) => ({ value: f, label: WEBSITE_TARGET_LABELS[f] }));

/** Field errors of the mapping by 'index.field', from the domain's schema or the server's 422. */
function errorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    out[key] ??= issue.message;
  }
  return out;
}

let nextUid = 1;

function MappingForm({ website, onDone }: { website: Website; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveWebsite();
  const [rows, setRows] = useState<Row[]>(() => website.mapping.map((r) => ({ ...r, uid: nextUid++ })));
  const [isSubmitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const mapping = rows.map(({ uid: _uid, ...r }) => r);
  const parsed = zWebsiteMapping.safeParse(mapping);
  const clientErrors = parsed.success ? {} : errorsOf(parsed.error.issues);
  const errorAt = (index: number, field: keyof WebsiteMappingRow) => {
    const key = `${index}.${field}`;
    return serverErrors[key] ?? (isSubmitted ? clientErrors[key] : undefined);
  };
  const change = (uid: number, patch: Partial<WebsiteMappingRow>) => {
    setServerErrors({});
    setRows((current) => current.map((r) => (r.uid === uid ? { ...r, ...patch } : r)));
  };
  const addRow = () =>
    setRows((current) => [
      ...current,
      { uid: nextUid++, fieldkey: '', fieldvalue: 'note', nullvalue: '', valuemapping: '' },
    ]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success) return;
    setFormError(null);
    save.mutate(
      { id: website.id, mapping },
      {
        onSuccess: () => {
          toast.success(t('websites.mappingSaved'));
          onDone();
        },
        onError: (error) => {
          const next: Record<string, string> = {};
          if (isApiError(error))
            for (const [field, messages] of Object.entries(error.errors))
              if (field.startsWith('mapping.') && messages[0])
                next[field.slice('mapping.'.length)] = messages[0];
          setServerErrors(next);
          setFormError(Object.keys(next).length ? null : error.message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('websites.mapping.intro')}
        </Text>
        {!mapsContactField(mapping) && (
          <Alert color="yellow" p="xs">
            {t('websites.mapping.needsContact')}
          </Alert>
        )}
        {rows.length === 0 && <Text c="dimmed">{t('websites.mapping.empty')}</Text>}
        {rows.map((row, index) => {
          const number = index + 1;
          return (
            <Paper
              key={row.uid}
              withBorder
              p="sm"
              role="group"
              aria-label={t('websites.mapping.row', { number })}
            >
              <Group align="flex-start" wrap="nowrap" gap="xs">
                <SimpleGrid
                  cols={{ base: 1, sm: 2 }}
                  spacing="xs"
                  verticalSpacing="xs"
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <TextInput
                    label={t('websites.mapping.fieldkey')}
                    required
                    maxLength={MAX_WEBSITE_FIELD_KEY_LENGTH}
                    value={row.fieldkey}
                    error={errorAt(index, 'fieldkey')}
                    onChange={(e) => change(row.uid, { fieldkey: e.currentTarget.value })}
                  />
                  <Select
                    label={t('websites.mapping.fieldvalue')}
                    required
                    allowDeselect={false}
                    data={TARGETS}
                    value={row.fieldvalue}
                    error={errorAt(index, 'fieldvalue')}
                    onChange={(value) =>
                      value && change(row.uid, { fieldvalue: value as WebsiteTargetField })
                    }
                  />
                  <TextInput
                    label={t('websites.mapping.nullvalue')}
                    maxLength={500}
                    value={row.nullvalue}
                    error={errorAt(index, 'nullvalue')}
                    onChange={(e) => change(row.uid, { nullvalue: e.currentTarget.value })}
                  />
                  <TextInput
                    label={t('websites.mapping.valuemapping')}
                    placeholder={t('websites.mapping.valuemappingHint')}
                    maxLength={2000}
                    value={row.valuemapping}
                    error={errorAt(index, 'valuemapping')}
                    onChange={(e) => change(row.uid, { valuemapping: e.currentTarget.value })}
                  />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={24}
                  aria-label={t('websites.mapping.removeRow', { number })}
                  onClick={() => setRows((current) => current.filter((r) => r.uid !== row.uid))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Paper>
          );
        })}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={addRow}
            disabled={rows.length >= MAX_WEBSITE_MAPPING_ROWS}
          >
            {t('websites.mapping.addRow')}
          </Button>
        </Group>
        <FormActions onCancel={onDone} isPending={save.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
