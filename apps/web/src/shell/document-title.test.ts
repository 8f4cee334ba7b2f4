import { describe, expect, it } from 'vitest';
import { documentTitle, screenLabel } from './document-title';

describe('título de la pestaña (issue #33)', () => {
  it('lleva las conversaciones sin leer, la pantalla y Cartera', () => {
    expect(documentTitle(screenLabel('/contact'), 3)).toBe('(3) Conversaciones · Cartera');
    expect(documentTitle(screenLabel('/contact/unassigned'), 0)).toBe('Inbox · Cartera');
    expect(documentTitle(null, 2)).toBe('(2) Cartera');
  });
});
