import { isKindShown, type ContactFormItem } from '@cartera/domain/contact-form';
import type { FormField } from '../../custom-fields/field-values';
import type { ContactFormConfig } from './sheet-values';

/** Kinds short enough to go two to a row. */
const SHORT_KINDS = new Set(['firstName', 'lastName', 'govId', 'statusTag', 'origin']);

/**
 * The configurable fields the definition places: every field for `additionalData` without a
 * code (except those placed on their own), the named one for each `additionalData` with a code.
 */
export function placedFields(items: readonly ContactFormItem[], fields: FormField[]): FormField[] {
  const additional = items.filter((item) => item.kind === 'additionalData');
  if (additional.some((item) => !item.code)) return fields;
  const codes = new Set(additional.map((item) => item.code));
  return fields.filter((field) => codes.has(field.code));
}

/**
 * Each kind once, in the definition's order (a code makes an additionalData entry distinct),
 * without the items 'Mi Empresa' hides.
 */
export function shownItems(config: ContactFormConfig): ContactFormItem[] {
  const seen = new Set<string>();
  return config.definition.filter((item) => {
    const id = `${item.kind}:${item.code ?? ''}`;
    if (item.hidden || seen.has(id) || !isKindShown(item.kind, config.flags)) return false;
    seen.add(id);
    return true;
  });
}

/** Runs of short kinds share a two-column grid; everything else takes the whole width. */
export function sheetBlocks(
  items: readonly ContactFormItem[],
): Array<{ key: string; short: boolean; items: ContactFormItem[] }> {
  const blocks: Array<{ key: string; short: boolean; items: ContactFormItem[] }> = [];
  for (const item of items) {
    const short = SHORT_KINDS.has(item.kind);
    const last = blocks[blocks.length - 1];
    if (short && last?.short) last.items.push(item);
    else blocks.push({ key: `${item.kind}:${item.code ?? ''}`, short, items: [item] });
  }
  return blocks;
}
