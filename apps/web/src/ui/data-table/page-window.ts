export const PAGE_WINDOW_SIZE = 5;

/** Full-number paging: up to `size` consecutive page numbers around the current page. */
export function pageWindow(current: number, totalPages: number, size = PAGE_WINDOW_SIZE): number[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const count = Math.min(size, totalPages);
  let start = page - Math.floor(count / 2);
  start = Math.max(1, Math.min(start, totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

export function totalPagesOf(total: number, pageSize: number): number {
  return total > 0 ? Math.ceil(total / pageSize) : 0;
}
