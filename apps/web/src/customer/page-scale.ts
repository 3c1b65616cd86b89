import { CUSTOMER_PAGE_WIDTH } from '@im/domain';
import { useEffect } from 'react';

// Spec 002 section 9: the customer page scales down when the window is narrower than 793 px. As for
// the staff app (decision 020), phones below 600 px get their own layout at full size instead: a
// 793 px page at 390 px would show 7 px text. The document sheet itself (A4, 793 px wide) always
// scales to the width it has (sheet.tsx).
export const PHONE_MAX_WIDTH = 600;

export function customerPageScale(viewportWidth: number): number {
  return viewportWidth >= PHONE_MAX_WIDTH && viewportWidth < CUSTOMER_PAGE_WIDTH
    ? viewportWidth / CUSTOMER_PAGE_WIDTH
    : 1;
}

/** Zooms #root between 600 and 793 px; dialogs render outside it and keep their size. */
export function useCustomerPageScale(): void {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    const apply = () => {
      const scale = customerPageScale(window.innerWidth);
      root.style.zoom = scale < 1 ? String(scale) : '';
      root.toggleAttribute('data-page-zoom', scale < 1);
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);
}
