/**
 * The page numbers to show as buttons: at most `maxButtons` (5 on the listing:
 * docs/product/discovery.md), a window kept around the current page and clamped to the first and
 * last pages.
 */
export function pageWindow(current: number, totalPages: number, maxButtons = 5): number[] {
  if (totalPages < 1) return [];
  const count = Math.min(maxButtons, totalPages);
  const page = Math.min(Math.max(1, current), totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'Showing x - y of n' figures for a 1-based page; zeros when nothing matched. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(page * pageSize, total) };
}

export function totalPages(total: number, pageSize: number): number {
  return pageSize > 0 ? Math.ceil(total / pageSize) : 0;
}
