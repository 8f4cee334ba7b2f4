/*
 * Text a spreadsheet program would read as a formula when the exported file is opened or saved
 * as CSV (`=`, `+`, `-`, `@`, and a tab or carriage return before them): "CSV injection". Every
 * exported text cell goes through `sheetText`, which keeps such a value text by putting a single
 * quote before it. Numbers, dates and empty cells pass as they are.
 */

const FORMULA_LEAD = /^[=+\-@\t\r]/;

/** A cell's value, with a single quote before text that would start a formula. */
export function sheetText<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_LEAD.test(value) ? `'${value}` : value;
}

/** A row of cells (in column order) through sheetText. */
export function sheetRow(values: readonly unknown[]): unknown[] {
  return values.map(sheetText);
}
