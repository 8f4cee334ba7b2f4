import { describe, expect, it } from 'vitest';
import { fileSrc } from './file-url';

const page = 'http://192.168.1.20:3000';
const tenant = '0190a5b2-7c1d-7e3f-8a9b-0c1d2e3f4a5b';

describe('fileSrc', () => {
  it('carga los archivos de la app desde el host de la página', () => {
    expect(fileSrc(`http://localhost:3000/api/files/${tenant}/note/x/a%20b.pdf`, page)).toBe(
      `${page}/api/files/${tenant}/note/x/a%20b.pdf`,
    );
    expect(fileSrc(`/api/files/channels/${tenant}/i/r/foto.jpg?expires=1`, page)).toBe(
      `${page}/api/files/channels/${tenant}/i/r/foto.jpg?expires=1`,
    );
  });

  it('deja como están las direcciones de otros sitios, blob:, data: y vacías', () => {
    for (const url of [
      'https://cdn.ejemplo.com/logo.png',
      'https://otro.ejemplo.com/api/files/publico/logo.png',
      'blob:http://localhost:3000/1234',
      'data:image/png;base64,AAAA',
    ]) {
      expect(fileSrc(url, page)).toBe(url);
    }
    expect(fileSrc(null, page)).toBeUndefined();
    expect(fileSrc('', page)).toBe('');
  });
});
