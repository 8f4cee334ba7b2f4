import { describe, expect, it } from 'vitest';
import { sheetRow, sheetText } from './sheet-cells';

describe('celdas exportadas a planillas', () => {
  it('el texto que empezaría una fórmula queda como texto; lo demás, igual', () => {
    for (const formula of [
      '=HYPERLINK("http://x")',
      '+cmd|x',
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
    ]) {
      expect(sheetText(formula)).toBe(`'${formula}`);
    }
    for (const plain of ['Ana', '', ' =1', "'=1", 'a=b']) expect(sheetText(plain)).toBe(plain);
    const day = new Date('2026-03-02T00:00:00Z');
    expect(sheetRow(['=1', -5, 12.5, day, null, undefined])).toEqual([
      "'=1",
      -5,
      12.5,
      day,
      null,
      undefined,
    ]);
  });
});
