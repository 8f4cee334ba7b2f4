/** File sizes: the web's one formatter (lib/format), kept here for the panel's importers. */
export { formatFileSize } from '../../../lib/format';

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
