import { describe, expect, it } from 'vitest';
import { hrefWithSearch, safeReturnUrl } from './return-url';

const origin = 'https://cartera.example';

describe('safeReturnUrl', () => {
  it('acepta rutas del mismo sitio con su consulta y ancla', () => {
    expect(safeReturnUrl('/', origin)).toBe('/');
    expect(safeReturnUrl('/contacts?id=12&inbox=me', origin)).toBe('/contacts?id=12&inbox=me');
    expect(safeReturnUrl('/?view-user=abc#vendedores', origin)).toBe('/?view-user=abc#vendedores');
  });

  it('ignora otros sitios, esquemas y valores que no son rutas', () => {
    for (const value of [
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
      'contacts',
      '',
      undefined,
      null,
      42,
    ]) {
      expect(safeReturnUrl(value, origin), String(value)).toBeUndefined();
    }
  });
});

describe('hrefWithSearch', () => {
  it('codifica la consulta', () => {
    expect(hrefWithSearch('/login', { returnurl: '/?view-user=1' })).toBe(
      '/login?returnurl=%2F%3Fview-user%3D1',
    );
    expect(hrefWithSearch('/')).toBe('/');
  });
});
