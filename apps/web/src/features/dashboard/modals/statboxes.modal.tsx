import {
  MAX_STATBOXES,
  STATBOX_THEME_LABELS,
  STATBOX_THEMES,
  STATISTIC_PERIOD_LABELS,
  STATISTIC_PERIODS,
  STATISTIC_TYPE_LABELS,
  STATISTIC_TYPES,
  type Statbox,
  type StatboxInput,
  USER_TYPE_LABELS,
  USER_TYPES,
  zDashboardSettings,
} from '@im/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { toast } from '../../../ui/toasts';
import { useSaveStatboxes } from '../queries';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));
const TYPE_OPTIONS = options(STATISTIC_TYPES, STATISTIC_TYPE_LABELS);
const PERIOD_OPTIONS = options(STATISTIC_PERIODS, STATISTIC_PERIOD_LABELS);
const THEME_OPTIONS = options(STATBOX_THEMES, STATBOX_THEME_LABELS);
const USER_TYPE_OPTIONS = options(USER_TYPES, USER_TYPE_LABELS);

const NEW_BOX: Statbox = {
  widget_type: 'statbox',
  type: 'quotations_sent',
  period1: 'thisMonth',
  period2: null,
  period3: null,
  theme: 'primary',
  userType: null,
};

function BoxEditor({
  box,
  index,
  onChange,
  onRemove,
}: {
  box: Statbox;
  index: number;
  onChange: (box: Statbox) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<Statbox>) => onChange({ ...box, ...patch });
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="statbox-editor">
      <Group justify="space-between" mb="xs">
        <Text size="sm" fw={600}>
          {t('dashboard.statboxes.box', { number: index + 1 })}
        </Text>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('dashboard.statboxes.remove', { number: index + 1 })}
          onClick={onRemove}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <NativeSelect
          label={t('dashboard.statboxes.type')}
          data={TYPE_OPTIONS}
          value={box.type}
          onChange={(e) => set({ type: e.currentTarget.value as Statbox['type'] })}
        />
        <NativeSelect
          label={t('dashboard.statboxes.theme')}
          data={THEME_OPTIONS}
          value={box.theme}
          onChange={(e) => set({ theme: e.currentTarget.value as Statbox['theme'] })}
        />
        <NativeSelect
          label={t('dashboard.statboxes.period1')}
          data={PERIOD_OPTIONS}
          value={box.period1}
          onChange={(e) => set({ period1: e.currentTarget.value as Statbox['period1'] })}
        />
        <NativeSelect
          label={t('dashboard.statboxes.period2')}
          data={[{ value: '', label: t('common.none') }, ...PERIOD_OPTIONS]}
          value={box.period2 ?? ''}
          onChange={(e) => set({ period2: (e.currentTarget.value || null) as Statbox['period2'] })}
        />
        <NativeSelect
          label={t('dashboard.statboxes.period3')}
          data={[{ value: '', label: t('common.none') }, ...PERIOD_OPTIONS]}
          value={box.period3 ?? ''}
          onChange={(e) => set({ period3: (e.currentTarget.value || null) as Statbox['period3'] })}
        />
        <NativeSelect
          label={t('dashboard.statboxes.userType')}
          data={[{ value: '', label: t('common.everyone') }, ...USER_TYPE_OPTIONS]}
          value={box.userType ?? ''}
          onChange={(e) => set({ userType: (e.currentTarget.value || null) as Statbox['userType'] })}
        />
      </SimpleGrid>
    </Paper>
  );
}

function StatboxesForm({
  settingsId,
  boxes: initial,
  onClose,
}: {
  settingsId: number;
  boxes: Statbox[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [boxes, setBoxes] = useState<Statbox[]>(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveStatboxes(settingsId);
  const submit = (value: StatboxInput[] | null) => {
    if (value) {
      const parsed = zDashboardSettings.safeParse(value);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? t('dashboard.statboxes.invalid'));
        return;
      }
    }
    save.mutate(value, {
      onSuccess: () => {
        toast.success(t('dashboard.statboxes.saved'));
        onClose();
      },
      onError: (e) => showActionError(e),
    });
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('dashboard.statboxes.intro')}
      </Text>
      {boxes.map((box, i) => (
        <BoxEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: boxes have no id; their order is their identity.
          key={i}
          box={box}
          index={i}
          onChange={(next) => setBoxes((all) => all.map((b, j) => (j === i ? next : b)))}
          onRemove={() => setBoxes((all) => all.filter((_, j) => j !== i))}
        />
      ))}
      {error && <Alert color="red">{error}</Alert>}
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={boxes.length >= MAX_STATBOXES}
          onClick={() => setBoxes((all) => [...all, NEW_BOX])}
        >
          {t('dashboard.statboxes.add')}
        </Button>
        <Button variant="subtle" onClick={() => submit(null)} loading={save.isPending}>
          {t('dashboard.statboxes.reset')}
        </Button>
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => submit(boxes)} loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The company's statistic boxes: type, up to three periods, colour and for whom (spec 000 section 3). */
export function StatboxesModal({
  opened,
  onClose,
  settingsId,
  boxes,
}: FormModalProps & { settingsId: number; boxes: Statbox[] }) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('dashboard.statboxes.title')} size="lg">
      <StatboxesForm settingsId={settingsId} boxes={boxes} onClose={onClose} />
    </FormModal>
  );
}
