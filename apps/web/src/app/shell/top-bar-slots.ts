import type { ComponentType } from 'react';

// Features plug into the top bar here (the CRM issue brings global search and notifications).
// Until a feature registers, the search box stays hidden and the dropdown shows its empty state,
// so the bar never shows anything that does not work.

export interface TopBarNotification {
  id: string | number;
  title: string;
  description?: string;
  to: string;
  isUnread: boolean;
}

export type NotificationSource = () => { items: TopBarNotification[]; isLoading: boolean };

let searchBox: ComponentType | null = null;
let notificationSource: NotificationSource | null = null;

export function registerSearchBox(component: ComponentType): void {
  searchBox = component;
}

export function getSearchBox(): ComponentType | null {
  return searchBox;
}

/** The source must be a hook; it is registered once at start-up, before the first render. */
export function registerNotificationSource(source: NotificationSource): void {
  notificationSource = source;
}

const noNotifications: NotificationSource = () => ({ items: [], isLoading: false });

export function getNotificationSource(): NotificationSource {
  return notificationSource ?? noNotifications;
}
