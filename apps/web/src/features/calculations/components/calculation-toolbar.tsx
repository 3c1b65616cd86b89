import type { Calculation, PossibleProduct, TagColumn } from '@im/domain';
import {
  Box,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  Popover,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconColumns, IconDots, IconHeading, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchPossibleProducts } from '../../../api/products';
import { confirm } from '../../../ui/confirm-dialog';
import { formatMoney, formatRate } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { Typeahead } from '../../../ui/typeahead';
import {
  type CalculationAction,
  dossierCalculations,
  useCalculationTemplates,
  useFlowCalculations,
} from '../queries';

interface Props {
  calculation: Calculation;
  isBusy: boolean;
  onAddProduct: (product: PossibleProduct) => void;
  onAddLine: (kind: 'manual' | 'header') => void;
  onAction: (action: CalculationAction, body?: Record<string, unknown>) => Promise<unknown>;
  onDelete: () => void;
  /** A document's calculation: the flow whose dossier calculations it can take over (decision 037). */
  dossierFlowId?: number | null;
}

/** Adding lines (product typeahead, manual line, header) and the calculation-wide actions. */
export function CalculationToolbar({
  calculation,
  isBusy,
  onAddProduct,
  onAddLine,
  onAction,
  onDelete,
  dossierFlowId = null,
}: Props) {
  const { t } = useTranslation();
  const [isNaming, setNaming] = useState(false);
  const [isResetting, setResetting] = useState(false);
  const [isTakingOver, setTakingOver] = useState(false);

  const ask = async (message: string, action: CalculationAction) => {
    if (await confirm({ title: t('common.actions'), message })) await onAction(action);
  };

  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Group align="flex-end" gap="xs" wrap="wrap" style={{ flex: 1, minWidth: 260 }}>
        <Box style={{ flex: 1, minWidth: 220, maxWidth: 420 }}>
          <Typeahead<PossibleProduct>
            label={t('calculations.addProduct')}
            placeholder={t('calculations.addProductPlaceholder')}
            value={null}
            onChange={(product) => product && onAddProduct(product)}
            searchKey="product"
            search={searchPossibleProducts}
            getKey={(p) => String(p.id)}
            getLabel={(p) => p.item_name}
            getDescription={(p) =>
              p.unit_rate_exc === null
                ? p.unit_of_measurement
                : `${formatRate(p.unit_rate_exc)} excl. per ${p.unit_of_measurement}`
            }
          />
        </Box>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => onAddLine('manual')}
          disabled={isBusy}
        >
          {t('calculations.addManual')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconHeading size={16} />}
          onClick={() => onAddLine('header')}
          disabled={isBusy}
        >
          {t('calculations.addHeader')}
        </Button>
      </Group>
      <Group gap="xs">
        <ColumnsPopover calculation={calculation} onSave={(body) => onAction('updaterowcolumnarray', body)} />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" rightSection={<IconDots size={16} />} loading={isBusy}>
              {t('common.actions')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => void ask(t('calculations.prompts.addAll'), 'addall')}>
              {t('calculations.addAll')}
            </Menu.Item>
            <Menu.Item
              onClick={() => void ask(t('calculations.prompts.reloadOriginItems'), 'reloadoriginitems')}
            >
              {t('calculations.reload')}
            </Menu.Item>
            <Menu.Item onClick={() => void ask(t('calculations.prompts.splitAll'), 'split')}>
              {t('calculations.splitAll')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item onClick={() => setNaming(true)}>{t('calculations.saveAsTemplate')}</Menu.Item>
            {!calculation.calculationtemplate && (
              <Menu.Item onClick={() => setResetting(true)}>{t('calculations.resetToTemplate')}</Menu.Item>
            )}
            {dossierFlowId !== null && (
              <Menu.Item onClick={() => setTakingOver(true)}>{t('calculations.takeOver')}</Menu.Item>
            )}
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => void ask(t('calculations.prompts.empty'), 'empty')}>
              {t('calculations.empty')}
            </Menu.Item>
            <Menu.Item color="red" onClick={onDelete}>
              {t('calculations.deleteCalculation')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <SaveAsTemplateModal
        opened={isNaming}
        onClose={() => setNaming(false)}
        onSave={(name) => onAction('saveastemplate', { name })}
      />
      {dossierFlowId !== null && (
        <TakeOverModal
          opened={isTakingOver}
          flowId={dossierFlowId}
          currentId={calculation.id}
          onClose={() => setTakingOver(false)}
          onTakeOver={(id) => onAction('copyfrom', { calculation_id: id })}
        />
      )}
      <ResetToTemplateModal
        opened={isResetting}
        current={calculation.template_id}
        onClose={() => setResetting(false)}
        onReset={(templateId) => onAction('resettotemplate', { template_id: templateId })}
      />
    </Group>
  );
}

function ColumnsPopover({
  calculation,
  onSave,
}: {
  calculation: Calculation;
  onSave: (body: Record<string, unknown>) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const toggle = (list: TagColumn[], tag: string) =>
    list.map((c) => (c.tag === tag ? { ...c, selected: !c.selected } : c));
  const list = (title: string, key: 'calculationitemColumns' | 'calculationitemRows') => (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {calculation[key].map((c) => (
        <Checkbox
          key={c.tag}
          size="xs"
          label={c.description}
          checked={c.selected}
          onChange={() => void onSave({ [key]: toggle(calculation[key], c.tag) })}
        />
      ))}
    </Stack>
  );
  return (
    <Popover position="bottom-end" withinPortal shadow="md">
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          {t('calculations.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="md">
          {list(t('calculations.columnsTitle'), 'calculationitemColumns')}
          {list(t('calculations.rowsTitle'), 'calculationitemRows')}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function SaveAsTemplateModal({
  opened,
  onClose,
  onSave,
}: {
  opened: boolean;
  onClose: () => void;
  onSave: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const save = async () => {
    if (!name.trim()) return;
    await onSave(name.trim());
    toast.success(t('calculations.savedAsTemplate'));
    setName('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('calculations.saveAsTemplate')} centered>
      <Stack>
        <TextInput
          label={t('calculations.templateName')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={!name.trim()}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ResetToTemplateModal({
  opened,
  current,
  onClose,
  onReset,
}: {
  opened: boolean;
  current: number | null;
  onClose: () => void;
  onReset: (templateId: number) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const templates = useCalculationTemplates();
  const [chosen, setChosen] = useState<string | null>(current ? String(current) : null);
  const reset = async () => {
    if (!chosen) return;
    if (
      !(await confirm({
        title: t('calculations.resetToTemplate'),
        message: t('calculations.prompts.resetToTemplate'),
        isDanger: true,
      }))
    )
      return;
    await onReset(Number(chosen));
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('calculations.resetToTemplate')} centered>
      <Stack>
        <Select
          label={t('calculations.fromTemplate')}
          data={(templates.data ?? []).map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
          value={chosen}
          onChange={setChosen}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={() => void reset()} disabled={!chosen}>
            {t('calculations.resetToTemplate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Takes over a dossier calculation: a copy of its lines replaces this calculation's (decision 037). */
function TakeOverModal({
  opened,
  flowId,
  currentId,
  onClose,
  onTakeOver,
}: {
  opened: boolean;
  flowId: number;
  currentId: number;
  onClose: () => void;
  onTakeOver: (id: number) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const list = useFlowCalculations(flowId, opened);
  const options = dossierCalculations(list.data).filter((row) => row.id !== currentId);
  const [chosen, setChosen] = useState<string | null>(null);
  const value = chosen ?? (options.length === 1 ? String(options[0]!.id) : null);
  const takeOver = async () => {
    if (!value) return;
    if (
      !(await confirm({
        title: t('calculations.takeOver'),
        message: t('calculations.takeOverPrompt'),
        isDanger: true,
      }))
    )
      return;
    await onTakeOver(Number(value));
    toast.success(t('calculations.takenOver'));
    setChosen(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('calculations.takeOver')} centered>
      <Stack>
        {list.isSuccess && options.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('calculations.takeOverNone')}
          </Text>
        ) : (
          <Select
            label={t('calculations.takeOverChoose')}
            data={options.map((row) => ({
              value: String(row.id),
              label: t('calculations.option', {
                id: row.id,
                count: row.items,
                amount: formatMoney(row.amount_inc_vat),
              }),
            }))}
            value={value}
            onChange={setChosen}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void takeOver()} disabled={!value}>
            {t('calculations.takeOverSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
