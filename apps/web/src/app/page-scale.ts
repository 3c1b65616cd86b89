import { useEffect } from 'react';

// Spec 000 section 9: below 793 px wide the whole page scales down instead of reflowing.
export const MIN_LAYOUT_WIDTH = 793;

export function pageScaleFor(viewportWidth: number): number {
  return viewportWidth > 0 && viewportWidth < MIN_LAYOUT_WIDTH ? viewportWidth / MIN_LAYOUT_WIDTH : 1;
}

export function usePageScale(): void {
  useEffect(() => {
    const root = document.documentElement;
    const apply = () => {
      const scale = pageScaleFor(window.innerWidth);
      root.style.zoom = scale < 1 ? String(scale) : '';
    };
    apply();
    window.addEventListener('resize', apply);
    return () => {
      window.removeEventListener('resize', apply);
      root.style.zoom = '';
    };
  }, []);
}
