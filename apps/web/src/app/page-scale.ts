import { useEffect } from 'react';

// Spec 000 section 9: below 793 px wide the page scales down instead of reflowing. The zoom sits on
// #root, not on <html>: Mantine's popovers and modals render in portals outside #root, so their
// positions (computed from on-screen rectangles) stay right and they keep a readable size.
// Phones (below 600 px) get their own layout at full size instead (issue "staff app in the field",
// decision 020): a 793 px page scaled to 390 px puts 7 px text under a finger.
export const MIN_LAYOUT_WIDTH = 793;
export const PHONE_MAX_WIDTH = 600;

/** Inside the zoomed root `100dvh` is drawn at zoom size; this is the full screen height there. */
export const FULL_HEIGHT = 'calc(100dvh / var(--im-page-zoom, 1))';

export function pageScaleFor(viewportWidth: number): number {
  return viewportWidth >= PHONE_MAX_WIDTH && viewportWidth < MIN_LAYOUT_WIDTH
    ? viewportWidth / MIN_LAYOUT_WIDTH
    : 1;
}

export function usePageScale(): void {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    const apply = () => {
      const scale = pageScaleFor(window.innerWidth);
      if (scale < 1) {
        root.style.zoom = String(scale);
        root.style.setProperty('--im-page-zoom', String(scale));
        root.dataset.pageZoom = '';
      } else {
        root.style.zoom = '';
        root.style.removeProperty('--im-page-zoom');
        delete root.dataset.pageZoom;
      }
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);
}
