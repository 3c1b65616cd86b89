import {
  evaluateForm,
  FLOW_DATA_ITEM_STATUS_LABELS,
  type FlowDataItem,
  FORM_AUTOSAVE_DEBOUNCE_MS,
  type FormValue,
  type VerticalDataField,
} from '@im/domain';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutosaveStatus } from '../../../ui/autosave/autosave-status';
import { useAutosave } from '../../../ui/autosave/use-autosave';
import { formatDateTime } from '../../../ui/format';
import { LightBadge } from '../../../ui/light-badge';
import { useSession } from '../../auth';
import { GlblField, QuickrField } from '../../integrations';
import { saveFlowDataItem, useFlowDataItemAction } from '../queries';
import { FormLocations } from './form-locations';
import { PictureGallery, PictureUpload } from './picture-gallery';

const MANAGER_ROLE = 1000;

function display(value: FormValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value.toLocaleString('nl-NL', { maximumFractionDigits: 2 });
  return String(value);
}

/**
 * One filled-in form (spec 002 sections 3–5): the fields its show rules leave visible, calculated
 * fields computed while typing by the same engine as the server, autosaved 1.5 s after the last
 * change; photo fields take the camera. A manager marks it submitted or rolls it back.
 */
export function FormFiller({ item, fields }: { item: FlowDataItem; fields: VerticalDataField[] }) {
  const { t } = useTranslation();
  const session = useSession();
  const autosave = useAutosave<Record<string, FormValue>, FlowDataItem>({
    key: `flowdataitem:${item.id}:user:${session.currentuser_id}`,
    save: (changes, options) => saveFlowDataItem(item.id, changes, options),
    replay: {
      path: `/api/flowdataitem/${item.id}`,
      field: 'values',
      labels: Object.fromEntries(fields.map((f) => [f.field_name, f.field_label])),
    },
    baseValues: () => item.values,
    // The server's computed values, under what was typed since the save left.
    onSaved: (saved, _changes, unsaved) =>
      setValues((current) => ({ ...saved.values, ...pick(current, Object.keys(unsaved ?? {})) })),
    delayMs: FORM_AUTOSAVE_DEBOUNCE_MS,
  });
  // A change kept from before a reload shows at once (and is on its way to the server).
  const [values, setValues] = useState<Record<string, FormValue>>(() => ({
    ...item.values,
    ...(autosave.unsaved() as Record<string, FormValue> | null),
  }));
  const action = useFlowDataItemAction(item.id);

  // A new copy from the server (another tab, a live update) replaces what is not saved yet.
  useEffect(() => {
    setValues((current) => ({ ...item.values, ...pick(current, Object.keys(autosave.unsaved() ?? {})) }));
  }, [item.values, autosave]);

  const evaluation = useMemo(() => {
    try {
      return { result: evaluateForm(fields, values, { onFormulaError: () => {} }), error: null };
    } catch (error) {
      return { result: null, error: (error as Error).message };
    }
  }, [fields, values]);

  // What Quickr or Glbl wrote on the server (decision 071): shown at once, not saved again.
  const onServerValues = useCallback(
    (written: Record<string, FormValue>) => setValues((current) => ({ ...current, ...written })),
    [],
  );

  const onChange = (name: string, value: FormValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    autosave.change({ [name]: value });
  };

  const visible = evaluation.result?.visible ?? {};
  const computed = evaluation.result?.values ?? values;
  const isManager = session.userrole >= MANAGER_ROLE;
  const isSent = item.status === 'sent';

  return (
    <Card withBorder padding="md" component="section" aria-label={item.vertical.name}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {item.vertical.name}
        </Title>
        <Group gap="xs">
          <LightBadge color={isSent ? 'green' : 'gray'}>
            {FLOW_DATA_ITEM_STATUS_LABELS[item.status]}
          </LightBadge>
          <AutosaveStatus status={autosave.status} onRetry={() => void autosave.retry()} />
        </Group>
      </Group>
      {evaluation.error && (
        <Alert color="red" mb="sm" role="alert">
          {evaluation.error}
        </Alert>
      )}
      <Stack gap="sm">
        {fields.map((f) =>
          f.field_type === 'hidden' || visible[f.field_name] === false ? null : f.field_type === 'quickr' ? (
            <QuickrField key={f.id} field={f} item={item} values={values} onServerValues={onServerValues} />
          ) : f.field_type === 'glbl' ? (
            <GlblField key={f.id} field={f} item={item} values={values} onServerValues={onServerValues} />
          ) : (
            <FieldInput
              key={f.id}
              field={f}
              value={f.field_type === 'calculated' ? computed[f.field_name] : values[f.field_name]}
              onChange={(v) => onChange(f.field_name, v)}
              item={item}
            />
          ),
        )}
        {item.item_type !== 'form' && (
          <Text size="sm">
            {item.item_type === 'roof' ? 'Geïnstalleerd vermogen' : 'Oppervlakte'}:{' '}
            <strong>{display(item.values[item.item_type === 'roof' ? 'installed_power' : 'area'])}</strong>
          </Text>
        )}
      </Stack>
      <FormLocations item={item} fields={fields} />
      <Group justify="space-between" mt="md" wrap="wrap">
        <Text size="xs" c="dimmed">
          {isSent && item.sent_at ? t('forms.sentOn', { date: formatDateTime(item.sent_at) }) : ''}
        </Text>
        {isManager && (
          <Button
            size="sm"
            variant={isSent ? 'default' : 'light'}
            loading={action.isPending}
            onClick={async () => {
              await autosave.flush();
              action.mutate(isSent ? 'rollbackstatus' : 'marksent');
            }}
          >
            {isSent ? t('forms.reopen') : t('forms.markSent')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

function pick(values: Record<string, FormValue>, keys: string[]): Record<string, FormValue> {
  return Object.fromEntries(keys.filter((k) => k in values).map((k) => [k, values[k] ?? null]));
}

function FieldInput({
  field,
  value,
  onChange,
  item,
}: {
  field: VerticalDataField;
  value: FormValue | undefined;
  onChange: (value: FormValue) => void;
  item: FlowDataItem;
}) {
  const { t } = useTranslation();
  const label = field.field_label;
  const description =
    field.description && field.description !== field.field_label ? field.description : undefined;
  const text = value === null || value === undefined ? '' : String(value);
  switch (field.field_type) {
    case 'textarea':
      return (
        <Textarea
          label={label}
          description={description}
          autosize
          minRows={2}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <TextInput
          label={label}
          description={description}
          inputMode="decimal"
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'selectbox':
      return (
        <Select
          label={label}
          description={description}
          data={field.options}
          value={text || null}
          onChange={(v) => onChange(v ?? '')}
          clearable
          placeholder={t('forms.choose')}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          label={label}
          description={description}
          checked={value === true || value === '1' || value === 1}
          onChange={(e) => onChange(e.currentTarget.checked)}
          styles={{ body: { minHeight: 44, alignItems: 'center' } }}
        />
      );
    case 'date':
      return (
        <TextInput
          label={label}
          description={description}
          type="date"
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'calculated':
      return (
        <TextInput
          label={label}
          description={description ?? t('forms.calculated')}
          value={display(value)}
          readOnly
          variant="filled"
        />
      );
    case 'photo': {
      const photoTarget = {
        flow_id: item.flow_id,
        intake_id: item.intake_id ?? undefined,
        project_id: item.project_id ?? undefined,
        vertical_id: item.vertical_id,
        flow_data_item_id: item.id,
        field_name: field.field_name,
      };
      return (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          {description && (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          )}
          <PictureGallery
            pictures={item.pictures.filter((p) => p.field_name === field.field_name)}
            target={photoTarget}
          />
          <PictureUpload target={photoTarget} />
        </Stack>
      );
    }
    default:
      return (
        <TextInput
          label={label}
          description={description}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
