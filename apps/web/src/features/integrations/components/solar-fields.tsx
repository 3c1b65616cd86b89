import {
  type FlowDataItem,
  type FormValue,
  GLBL_STATUS_LABELS,
  type GlblResult,
  type GlblStatus,
  INTEGRATION_TEXTS,
  type QuickrResult,
  type VerticalDataField,
} from '@im/domain';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../api/download';
import { confirm } from '../../../ui/confirm-dialog';
import { LightBadge } from '../../../ui/light-badge';
import { type QuickrCall, useGlblCall, useQuickrCall, useQuickrLogin } from '../solar-queries';

/** Spec 002 section 8: an error naming login_failure shows the spec's text; any other the server's message. */
export function solarError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.includes('login_failure') ? INTEGRATION_TEXTS.quickrLoginFailure : message;
}

const nl = (v: FormValue | undefined, digits = 2) =>
  typeof v === 'number' ? v.toLocaleString('nl-NL', { maximumFractionDigits: digits }) : v ? String(v) : '–';

/** The service's answer as the item's values (the form shows them and its formulas read them). */
const asValues = (r: QuickrResult | GlblResult) =>
  Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'flowDataItemId')) as Record<string, FormValue>;

interface SolarFieldProps {
  field: VerticalDataField;
  item: FlowDataItem;
  /** The values as the form holds them now. */
  values: Record<string, FormValue>;
  /** Values the service wrote on the server: merged into the form without saving them again. */
  onServerValues: (values: Record<string, FormValue>) => void;
}

function FieldHead({ field }: { field: VerticalDataField }) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {field.field_label}
      </Text>
      {field.description && field.description !== field.field_label && (
        <Text size="xs" c="dimmed">
          {field.description}
        </Text>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}

/** Quickr (spec 002 section 7): scan the roof, make or fetch the design, and its figures and plan. */
export function QuickrField({ field, item, values, onServerValues }: SolarFieldProps) {
  const { t } = useTranslation();
  const call = useQuickrCall(item.id);
  const login = useQuickrLogin(item.id);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<QuickrCall | null>(null);
  const hasScan = Boolean(values.quickrRefId);
  const hasDesign = Boolean(values.quickrDesignId);

  async function run(which: QuickrCall) {
    let again = false;
    if (which === 'createdesign' && hasDesign) {
      if (
        !(await confirm({
          title: t('integrations.solar.createDesign'),
          message: t('integrations.solar.newDesignConfirm'),
        }))
      )
        return;
      again = true;
    }
    setError(null);
    setBusy(which);
    try {
      onServerValues(asValues(await call.mutateAsync({ call: which, again })));
    } catch (err) {
      setError(solarError(err));
    } finally {
      setBusy(null);
    }
  }

  async function openQuickr() {
    setError(null);
    // The window opens with the click (not blocked), then goes to Quickr's one-time address.
    const popup = window.open('', '_blank');
    try {
      const { url } = await login.mutateAsync();
      if (popup) popup.location.href = url;
      else window.location.href = url;
    } catch (err) {
      popup?.close();
      setError(solarError(err));
    }
  }

  return (
    <Stack gap={8} data-testid={`quickr-${field.field_name}`}>
      <FieldHead field={field} />
      <Group gap="xs">
        <Button size="sm" variant="light" onClick={() => run('scan')} loading={busy === 'scan'}>
          {t('integrations.solar.scan')}
        </Button>
        <Button
          size="sm"
          variant="light"
          onClick={() => run('createdesign')}
          loading={busy === 'createdesign'}
          disabled={!hasScan}
        >
          {t('integrations.solar.createDesign')}
        </Button>
        <Button
          size="sm"
          variant="light"
          onClick={() => run('getdesign')}
          loading={busy === 'getdesign'}
          disabled={!hasDesign}
        >
          {t('integrations.solar.getDesign')}
        </Button>
        <Button size="sm" variant="subtle" onClick={openQuickr} loading={login.isPending} disabled={!hasScan}>
          {t('integrations.solar.openQuickr')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" p="xs">
          {error}
        </Alert>
      )}
      {hasScan && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing="xs">
          <Figure label={t('integrations.solar.maxPanels')} value={nl(values.quickrMaxNrOfPv, 0)} />
          <Figure label={t('integrations.solar.panels')} value={nl(values.quickrNrOfPv, 0)} />
          <Figure
            label={t('integrations.solar.power')}
            value={typeof values.quickrPower === 'number' ? `${nl(values.quickrPower, 0)} Wp` : '–'}
          />
          <Figure
            label={t('integrations.solar.powerPerPv')}
            value={typeof values.quickrPowerPerPV === 'number' ? `${nl(values.quickrPowerPerPV, 0)} Wp` : '–'}
          />
          <Figure
            label={t('integrations.solar.efficiency')}
            value={typeof values.quickrEfficiency === 'number' ? `${nl(values.quickrEfficiency)}%` : '–'}
          />
          <Figure
            label={t('integrations.solar.expectedOutput')}
            value={
              typeof values.quickrExpectedOutput === 'number'
                ? `${nl(values.quickrExpectedOutput, 0)} kWh`
                : '–'
            }
          />
          <Figure label={t('integrations.solar.pvSystem')} value={nl(values.quickrPvSystem)} />
        </SimpleGrid>
      )}
      {(values.quickrPlanUrl || values.quickrDirectUrl) && (
        <Group gap="md">
          {values.quickrPlanUrl && (
            <Anchor href={String(values.quickrPlanUrl)} target="_blank" rel="noopener noreferrer" size="sm">
              {t('integrations.solar.plan')}
            </Anchor>
          )}
          {values.quickrDirectUrl && (
            <Anchor href={String(values.quickrDirectUrl)} target="_blank" rel="noopener noreferrer" size="sm">
              {t('integrations.solar.design')}
            </Anchor>
          )}
        </Group>
      )}
    </Stack>
  );
}

const POLL_MS = 3000;

/** Glbl (spec 002 section 7): 'Rapport maken', its status (followed while it is made) and the PDF. */
export function GlblField({ field, item, values, onServerValues }: SolarFieldProps) {
  const { t } = useTranslation();
  const glbl = useGlblCall(item.id);
  const [error, setError] = useState<string | null>(null);
  const status = (values.glblStatus as GlblStatus | null | undefined) ?? null;
  const pending = status === 'queued' || status === 'processing';
  const { mutateAsync } = glbl;

  // While the report is asked or being made, its status is asked every few seconds.
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      mutateAsync({ call: 'status' })
        .then((r) => onServerValues(asValues(r)))
        .catch((err) => setError(solarError(err)));
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, mutateAsync, onServerValues]);

  async function generate() {
    const again = status === 'ready';
    if (
      again &&
      !(await confirm({
        title: t('integrations.solar.makeReport'),
        message: t('integrations.solar.newReportConfirm'),
      }))
    )
      return;
    setError(null);
    try {
      onServerValues(asValues(await mutateAsync({ call: 'generatereport', again })));
    } catch (err) {
      setError(solarError(err));
    }
  }

  return (
    <Stack gap={8} data-testid={`glbl-${field.field_name}`}>
      <FieldHead field={field} />
      <Group gap="xs">
        <Button
          size="sm"
          variant="light"
          onClick={generate}
          loading={glbl.isPending && !pending}
          disabled={pending}
        >
          {t('integrations.solar.makeReport')}
        </Button>
        {status && (
          <LightBadge color={status === 'ready' ? 'green' : status === 'failed' ? 'red' : 'blue'}>
            {GLBL_STATUS_LABELS[status]}
          </LightBadge>
        )}
        {values.glblPDF && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() =>
              downloadFile(String(values.glblPDF), 'Glbl-rapport.pdf').catch((err) =>
                setError(solarError(err)),
              )
            }
          >
            {t('integrations.solar.reportPdf')}
          </Anchor>
        )}
      </Group>
      {status === 'failed' && values.glblMessage && (
        <Alert color="red" role="alert" p="xs">
          {String(values.glblMessage)}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" p="xs">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
