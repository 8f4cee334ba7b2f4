import { describe, expect, it } from 'vitest';
import { parseMarkup } from './markup';

describe('parseMarkup', () => {
  it('texto sin marcas queda igual', () => {
    expect(parseMarkup('hola mundo')).toEqual([{ kind: 'text', text: 'hola mundo' }]);
  });

  it('negrita, cursiva, subrayado, tachado y código', () => {
    expect(parseMarkup('*a* _b_ __c__ ~d~ `e`')).toEqual([
      { kind: 'strong', children: [{ kind: 'text', text: 'a' }] },
      { kind: 'text', text: ' ' },
      { kind: 'em', children: [{ kind: 'text', text: 'b' }] },
      { kind: 'text', text: ' ' },
      { kind: 'u', children: [{ kind: 'text', text: 'c' }] },
      { kind: 'text', text: ' ' },
      { kind: 's', children: [{ kind: 'text', text: 'd' }] },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'e' },
    ]);
  });

  it('las marcas se anidan, salvo dentro del código', () => {
    expect(parseMarkup('*muy _importante_*')).toEqual([
      {
        kind: 'strong',
        children: [
          { kind: 'text', text: 'muy ' },
          { kind: 'em', children: [{ kind: 'text', text: 'importante' }] },
        ],
      },
    ]);
    expect(parseMarkup('`*no*`')).toEqual([{ kind: 'code', text: '*no*' }]);
  });

  it('una marca sin cierre, con espacios pegados o dentro de una palabra es texto', () => {
    expect(parseMarkup('2 * 3 = 6')).toEqual([{ kind: 'text', text: '2 * 3 = 6' }]);
    expect(parseMarkup('*abierto')).toEqual([{ kind: 'text', text: '*abierto' }]);
    expect(parseMarkup('nombre_de_variable')).toEqual([
      { kind: 'text', text: 'nombre_de_variable' },
    ]);
    expect(parseMarkup('**')).toEqual([{ kind: 'text', text: '**' }]);
  });

  it('una marca no cruza un salto de línea', () => {
    expect(parseMarkup('*uno\ndos*')).toEqual([{ kind: 'text', text: '*uno\ndos*' }]);
  });

  it('las direcciones web son enlaces, sin la puntuación final', () => {
    expect(parseMarkup('ver https://ejemplo.com/a?b=1. gracias')).toEqual([
      { kind: 'text', text: 'ver ' },
      { kind: 'link', href: 'https://ejemplo.com/a?b=1', text: 'https://ejemplo.com/a?b=1' },
      { kind: 'text', text: '. gracias' },
    ]);
  });

  it('el HTML es texto', () => {
    expect(parseMarkup('<b>hola</b>')).toEqual([{ kind: 'text', text: '<b>hola</b>' }]);
    expect(parseMarkup('javascript:alert(1)')).toEqual([
      { kind: 'text', text: 'javascript:alert(1)' },
    ]);
  });
});
