import { NOTIFICATION_TIMEOUT_MS } from '@im/domain';
import { notifications } from '@mantine/notifications';

// Spec 000 section 9: notifications show top-center for 5 s. <Notifications> in the app root sets
// the position; autoClose is repeated here so a toast never outlives the rule.
export const TOAST_POSITION = 'top-center' as const;

export const toast = {
  success(message: string, title?: string) {
    return notifications.show({ message, title, color: 'green', autoClose: NOTIFICATION_TIMEOUT_MS });
  },
  error(message: string, title?: string) {
    return notifications.show({ message, title, color: 'red', autoClose: NOTIFICATION_TIMEOUT_MS });
  },
  info(message: string, title?: string) {
    return notifications.show({ message, title, autoClose: NOTIFICATION_TIMEOUT_MS });
  },
};

/** On logout: nothing of the previous user stays on screen. */
export function clearToasts(): void {
  notifications.clean();
}
