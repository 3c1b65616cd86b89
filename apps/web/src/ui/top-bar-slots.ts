import type { ComponentType } from 'react';

// Features plug into the top bar here: the global search box, and items such as the communicator
// count and the notification menu. Until a feature registers, its place stays empty, so the bar
// never shows anything that does not work.

let searchBox: ComponentType | null = null;
const items: { order: number; Component: ComponentType }[] = [];

export function registerSearchBox(component: ComponentType): void {
  searchBox = component;
}

export function getSearchBox(): ComponentType | null {
  return searchBox;
}

/** An item left of the user menu, lowest `order` first; registered once at start-up. */
export function registerTopBarItem(Component: ComponentType, order: number): void {
  if (items.some((i) => i.Component === Component)) return;
  items.push({ order, Component });
  items.sort((a, b) => a.order - b.order);
}

export function getTopBarItems(): readonly ComponentType[] {
  return items.map((i) => i.Component);
}
