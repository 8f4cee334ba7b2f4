import { describe, expect, it } from 'vitest';
import {
  clockOf,
  emailDeliveryOf,
  FLAT_BAR,
  fileTypeOf,
  nextSpeed,
  previewable,
  previewName,
  readableHere,
  speedLabel,
  WAVEFORM_BARS,
  waveformPeaks,
} from './bubble-format';

describe('el reproductor de audio (03 §9)', () => {
  it('la velocidad pasa por 1x, 1.5x y 2x y vuelve a empezar', () => {
    expect([nextSpeed(1), nextSpeed(1.5), nextSpeed(2)]).toEqual([1.5, 2, 1]);
    expect(speedLabel(1.5)).toBe('1.5x');
  });

  it('la onda tiene 55 barras; la más fuerte mide 1', () => {
    const samples = Float32Array.from({ length: 5_500 }, (_, index) =>
      index < 2_750 ? 0.25 : -0.5,
    );
    const peaks = waveformPeaks(samples);
    expect(peaks).toHaveLength(WAVEFORM_BARS);
    expect(peaks[0]).toBe(0.5);
    expect(peaks[54]).toBe(1);
  });

  it('una grabación vacía o en silencio da barras parejas', () => {
    expect(new Set(waveformPeaks([]))).toEqual(new Set([FLAT_BAR]));
    expect(new Set(waveformPeaks(new Float32Array(100)))).toEqual(new Set([FLAT_BAR]));
    // Fewer samples than bars still gives 55 bars.
    expect(waveformPeaks([0.1, 0.2])).toHaveLength(55);
  });

  it('los tiempos se leen m:ss', () => {
    expect(clockOf(0)).toBe('0:00');
    expect(clockOf(65.7)).toBe('1:05');
    expect(clockOf(Number.NaN)).toBe('0:00');
  });
});

describe('citas y documentos', () => {
  it('el nombre en una cita se corta a los 12 caracteres con puntos suspensivos', () => {
    expect(previewName('María')).toBe('María');
    expect(previewName('Maximiliano Rodríguez')).toBe('Maximiliano …');
  });

  it('solo un PDF tiene vista previa; el tipo sale de la extensión o del tipo del archivo', () => {
    expect(previewable('catalogo.PDF', null)).toBe(true);
    expect(previewable('archivo', 'application/pdf')).toBe(true);
    expect(previewable('planilla.xlsx', null)).toBe(false);
    expect(fileTypeOf('planilla.xlsx', null)).toBe('xlsx');
    expect(fileTypeOf(null, 'application/msword')).toBe('msword');
    expect(fileTypeOf(null, null)).toBe('?');
  });
});

describe('qué archivos lee la página', () => {
  it('solo los que sirve Cartera: los demás los refusa su política de seguridad', () => {
    const page = 'https://crm.example.com/contact?id=1';
    expect(readableHere('/api/files/a.mp3', page)).toBe(true);
    expect(readableHere('https://crm.example.com/api/files/a.pdf', page)).toBe(true);
    expect(readableHere('https://files.example.com/a.pdf', page)).toBe(false);
    expect(readableHere('http://[bad', page)).toBe(false);
  });
});

describe('el estado de entrega de un correo (03 §4)', () => {
  it('toma los cinco estados del correo y nada más', () => {
    for (const status of ['pending', 'sent', 'received', 'done', 'error']) {
      expect(emailDeliveryOf(status)).toBe(status);
    }
    expect(emailDeliveryOf('read')).toBeNull();
    expect(emailDeliveryOf(null)).toBeNull();
    expect(emailDeliveryOf(undefined)).toBeNull();
  });
});
