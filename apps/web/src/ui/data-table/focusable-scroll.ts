/**
 * Scroll area props that put a scrolling table in the tab order, so a keyboard can scroll it
 * (axe-core scrollable-region-focusable). Every DataTable and Table.ScrollContainer uses them.
 */
export const FOCUSABLE_SCROLL = { viewportProps: { tabIndex: 0 } };
