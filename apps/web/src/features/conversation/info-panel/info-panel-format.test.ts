import { describe, expect, it } from 'vitest';
import { formatFileSize, heatmapOpacity, nextAttachmentsPage } from './info-panel-format';

describe('tamaño de un archivo', () => {
  it('usa de B a YB con dos decimales y coma decimal, como se escribe en español', () => {
    expect(formatFileSize(0)).toBe('0,00 B');
    expect(formatFileSize(512)).toBe('512,00 B');
    expect(formatFileSize(1536)).toBe('1,50 KB');
    expect(formatFileSize(5 * 1024 ** 2)).toBe('5,00 MB');
    expect(formatFileSize(1024 ** 3 * 2.25)).toBe('2,25 GB');
    expect(formatFileSize(1024 ** 8)).toBe('1,00 YB');
    expect(formatFileSize(1024 ** 9)).toBe('1024,00 YB');
  });

  it('no muestra nada para un tamaño desconocido', () => {
    expect(formatFileSize(null)).toBe('');
    expect(formatFileSize(undefined)).toBe('');
    expect(formatFileSize(-1)).toBe('');
  });
});

describe('mapa de actividad', () => {
  it('la opacidad es relativa al día con más mensajes y nunca menor a 0.3', () => {
    expect(heatmapOpacity(10, 10)).toBe(1);
    expect(heatmapOpacity(5, 10)).toBe(0.5);
    expect(heatmapOpacity(1, 10)).toBe(0.3);
    expect(heatmapOpacity(0, 10)).toBe(0);
    expect(heatmapOpacity(0, 0)).toBe(0);
  });
});

describe('páginas de multimedia y archivos', () => {
  it('pide otra página de 10 mientras queden', () => {
    expect(nextAttachmentsPage(1, 0)).toBeUndefined();
    expect(nextAttachmentsPage(1, 10)).toBeUndefined();
    expect(nextAttachmentsPage(1, 11)).toBe(1);
    expect(nextAttachmentsPage(2, 25)).toBe(2);
    expect(nextAttachmentsPage(3, 25)).toBeUndefined();
  });
});
