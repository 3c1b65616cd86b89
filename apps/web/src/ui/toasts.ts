import { NOTIFICATION_TIMEOUT_MS } from '@im/domain';
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';

// Spec 000 section 9: notifications show top-center for 5 s. <Notifications> in the app root sets
// the position; autoClose is repeated here so a toast never outlives the rule.
export const TOAST_POSITION = 'top-center' as const;

// The close button needs a name for screen readers (axe: button-name).
const common = () => ({
  autoClose: NOTIFICATION_TIMEOUT_MS,
  closeButtonProps: { 'aria-label': i18n.t('common.close') },
});

export const toast = {
  success(message: string, title?: string) {
    return notifications.show({ message, title, color: 'green', ...common() });
  },
  error(message: string, title?: string) {
    return notifications.show({ message, title, color: 'red', ...common() });
  },
  info(message: string, title?: string) {
    return notifications.show({ message, title, ...common() });
  },
};

/** On logout: nothing of the previous user stays on screen. */
export function clearToasts(): void {
  notifications.clean();
}
