import type { CalculationItem } from '@im/domain';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconDots,
  IconLayersSubtract,
  IconSubtask,
  IconTool,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm-dialog';
import type { LineHandlers } from './line-types';
import { hasMixedVat } from './line-vat-select';

interface LineActionsMenuProps extends Pick<LineHandlers, 'onAction' | 'onAddSub' | 'onAdditionalWork'> {
  item: CalculationItem;
}

/** A line's actions: add a sub-line, additional work, duplicate, split a mixed-VAT line, delete. */
export function LineActionsMenu({ item, onAction, onAddSub, onAdditionalWork }: LineActionsMenuProps) {
  const { t } = useTranslation();
  const isHeader = item.item_type === 'header';
  const mixed = hasMixedVat(item);
  const ask = async (action: 'duplicate' | 'split' | 'delete') => {
    const message =
      action === 'delete'
        ? t('calculations.prompts.deleteItem')
        : action === 'split'
          ? t('calculations.prompts.splitItem')
          : t('calculations.prompts.duplicateItem');
    if (
      await confirm({
        title: item.item_name || t('common.description'),
        message,
        isDanger: action === 'delete',
      })
    )
      onAction(item, action);
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('calculations.lineActions')}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconSubtask size={14} />} onClick={() => onAddSub(item)}>
          {t('calculations.addSub')}
        </Menu.Item>
        {!isHeader && (
          <Menu.Item
            leftSection={<IconTool size={14} />}
            rightSection={item.additionalwork ? <IconCheck size={14} /> : null}
            onClick={() => onAdditionalWork(item)}
          >
            {t('calculations.additionalWork')}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => void ask('duplicate')}>
          {t('common.duplicate')}
        </Menu.Item>
        {mixed && !isHeader && (
          <Menu.Item leftSection={<IconLayersSubtract size={14} />} onClick={() => void ask('split')}>
            {t('calculations.split')}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => void ask('delete')}>
          {t('common.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
