import { UNDO_TIMEOUT_MS } from '@im/domain';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';
import { type UndoWindow, undoWindow } from './undo-window';

/**
 * A toast saying what changed with an undo button, shown for 10 s (decision 033); the undo runs at most
 * once and only while the toast's window is open. Answers the window, so a newer change can close it.
 */
export function showUndoToast(options: {
  message: string;
  undoLabel: string;
  onUndo: () => void;
}): UndoWindow {
  const id = `undo-${Math.random().toString(36).slice(2)}`;
  const offer = undoWindow(options.onUndo, UNDO_TIMEOUT_MS);
  const hide = () => notifications.hide(id);
  notifications.show({
    id,
    autoClose: UNDO_TIMEOUT_MS,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    onClose: () => offer.close(),
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
          {options.message}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          style={{ flexShrink: 0 }}
          onClick={() => {
            offer.undo();
            hide();
          }}
        >
          {options.undoLabel}
        </Button>
      </Group>
    ),
  });
  return {
    ...offer,
    close: () => {
      offer.close();
      hide();
    },
  };
}
