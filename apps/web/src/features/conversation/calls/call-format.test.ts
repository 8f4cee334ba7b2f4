import { describe, expect, it } from 'vitest';
import { formatCallDuration, unansweredLabel, unansweredRun } from './call-format';

describe('contador de llamadas sin respuesta', () => {
  it('cuenta las llamadas seguidas sin respuesta desde la más nueva', () => {
    expect(unansweredRun([])).toBe(0);
    expect(unansweredRun(['done', 'cancel', 'voicemail', 'cancel'])).toBe(3);
    expect(unansweredRun(['cancel', 'cancel', 'done'])).toBe(0);
    expect(unansweredRun(['cancel', 'calling'])).toBe(0);
  });

  it('no muestra nada con una o dos, el número desde tres y "+9" pasadas nueve', () => {
    expect(unansweredLabel(0)).toBeNull();
    expect(unansweredLabel(2)).toBeNull();
    expect(unansweredLabel(3)).toBe('3 llamadas sin respuesta');
    expect(unansweredLabel(9)).toBe('9 llamadas sin respuesta');
    expect(unansweredLabel(10)).toBe('+9 llamadas sin respuesta');
    expect(unansweredLabel(250)).toBe('+9 llamadas sin respuesta');
  });
});

describe('duración de una llamada', () => {
  it('muestra m:ss hasta una hora', () => {
    expect(formatCallDuration(0)).toBe('0:00');
    expect(formatCallDuration(7)).toBe('0:07');
    expect(formatCallDuration(65)).toBe('1:05');
    expect(formatCallDuration(3599)).toBe('59:59');
    expect(formatCallDuration(3600)).toBe('60:00');
  });

  it('muestra H:mm:ss por encima de 3600 segundos', () => {
    expect(formatCallDuration(3601)).toBe('1:00:01');
    expect(formatCallDuration(3 * 3600 + 5 * 60 + 9)).toBe('3:05:09');
  });
});
