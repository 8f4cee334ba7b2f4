/** 03 §9: file sizes go from bytes to yottabytes, with two decimals. */
const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** `512.00 B`, `1.50 KB`, `3.25 MB`… (powers of 1024); empty for an unknown size. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${SIZE_UNITS[unit]}`;
}

/** 03 §9: the heatmap's least active day with messages is still visible at this opacity. */
export const HEATMAP_MIN_OPACITY = 0.3;

/**
 * A heatmap cell's opacity relative to the busiest day: 1 for the busiest, never below 0.3 for a
 * day with activity, 0 for a day without (drawn as an empty cell).
 */
export function heatmapOpacity(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  return Math.max(HEATMAP_MIN_OPACITY, count / max);
}

/** 03 §4, §9: multimedia and files come 10 per page; more while page × 10 is below the total. */
export const ATTACHMENTS_PAGE_SIZE = 10;

/** The next page to ask for after `loaded` pages, or undefined when all are on screen. */
export function nextAttachmentsPage(loaded: number, total: number): number | undefined {
  return loaded * ATTACHMENTS_PAGE_SIZE < total ? loaded : undefined;
}
