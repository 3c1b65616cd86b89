import type { FlowDataItem, VerticalType } from '@im/domain';
import { ActionIcon, Button, Group, Loader, Select, Stack, Tabs, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useVertical, useVerticals } from '../../../api/verticals';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useCreateFlowDataItem, useDeleteFlowDataItem } from '../queries';
import { FormFiller } from './form-filler';

/** Where a new form copy goes. */
export interface FormsTarget {
  flow_id: number;
  intake_id?: number;
  project_id?: number;
}

function ItemForm({ item }: { item: FlowDataItem }) {
  const vertical = useVertical(item.vertical_id, { staleTime: 60_000 });
  if (!vertical.data) return <Loader size="sm" />;
  return <FormFiller item={item} fields={vertical.data.verticaldatafields} />;
}

/**
 * The forms of an intake, project or flow (aftercare) as tabs; `formId` in the address chooses the
 * form (its vertical), so a link can open one directly (spec 002 section 2).
 */
export function FormTabs({
  items,
  type,
  target,
}: {
  items: FlowDataItem[];
  type: VerticalType;
  target: FormsTarget;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const verticals = useVerticals(type, true, target.flow_id);
  const create = useCreateFlowDataItem();
  const remove = useDeleteFlowDataItem();
  const [adding, setAdding] = useState<string | null>(null);
  const formId = params.get('formId');
  const [activeId, setActiveId] = useState<number | null>(null);
  const active =
    items.find((i) => i.id === activeId) ?? items.find((i) => String(i.vertical_id) === formId) ?? items[0];
  /** The form (vertical) goes in the address; the copy chosen among several of one form stays here. */
  const choose = (itemId: number, verticalId: number) => {
    setActiveId(itemId);
    const next = new URLSearchParams(params);
    next.set('formId', String(verticalId));
    setParams(next, { replace: true });
  };
  const labelOf = (item: FlowDataItem) => {
    const same = items.filter((i) => i.vertical_id === item.vertical_id);
    return same.length > 1 ? `${item.vertical.name} ${same.indexOf(item) + 1}` : item.vertical.name;
  };
  const onAdd = async () => {
    if (!adding) return;
    const created = await create.mutateAsync({ vertical_id: Number(adding), ...target });
    setAdding(null);
    choose(created.id, created.vertical_id);
  };
  const onDelete = async (item: FlowDataItem) => {
    if (
      !(await confirm({ title: t('common.delete'), message: t('forms.confirmDeleteForm'), isDanger: true }))
    )
      return;
    const { message } = await remove.mutateAsync(item.id);
    toast.success(message);
  };
  return (
    <Stack gap="sm">
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('forms.noForms')}
        </Text>
      ) : (
        <Tabs
          value={active ? String(active.id) : null}
          onChange={(value) => {
            const item = items.find((i) => String(i.id) === value);
            if (item) choose(item.id, item.vertical_id);
          }}
          keepMounted={false}
        >
          <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
            {items.map((i) => (
              <Tabs.Tab key={i.id} value={String(i.id)} style={{ whiteSpace: 'nowrap' }}>
                {labelOf(i)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {items.map((i) => (
            <Tabs.Panel key={i.id} value={String(i.id)} pt="sm">
              <Stack gap="xs">
                <ItemForm item={i} />
                <Group justify="flex-end">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`${t('common.delete')}: ${i.vertical.name}`}
                    onClick={() => void onDelete(i)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t('forms.addForm')}
          placeholder={t('forms.chooseForm')}
          data={(verticals.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))}
          value={adding}
          onChange={setAdding}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
        <Button onClick={() => void onAdd()} disabled={!adding} loading={create.isPending}>
          {t('forms.addForm')}
        </Button>
      </Group>
    </Stack>
  );
}
