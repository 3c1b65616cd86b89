import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** One action of a sortable card (edit, hide, duplicate, delete…). */
export interface CardAction {
  key: string;
  label: string;
  Icon: ComponentType<{ size?: number }>;
  /** 'red' for a removal; other colours are the card's icon buttons' own. */
  color?: string;
  onClick: () => void;
}

/** A card's actions behind its '…' button (on a phone all of them, at a desk those without a button). */
export function CardActionsMenu({ label, actions }: { label: string; actions: readonly CardAction[] }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" color="gray" aria-label={label}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map(({ key, label, Icon, color, onClick }) => (
          <Menu.Item
            key={key}
            leftSection={<Icon size={16} />}
            color={color === 'red' ? 'red' : undefined}
            onClick={onClick}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
