import { describe, expect, it } from 'vitest';
import { chordKeys, isInField, matchesChord, shortcutFor, usesCommandKey } from './keys';

/** A key event's parts, nothing pressed but the key unless told. */
function stroke(
  key: string,
  mods: Partial<Record<'ctrl' | 'meta' | 'alt' | 'shift', boolean>> = {},
) {
  return {
    key,
    ctrlKey: mods.ctrl ?? false,
    metaKey: mods.meta ?? false,
    altKey: mods.alt ?? false,
    shiftKey: mods.shift ?? false,
  };
}

/** The parts of an element isInField reads (the unit tests run without a DOM). */
function element(
  tagName: string,
  options: { type?: string; editable?: boolean; editableAncestor?: string | null } = {},
) {
  return {
    tagName: tagName.toUpperCase(),
    isContentEditable: options.editable ?? false,
    getAttribute: (name: string) => (name === 'type' ? (options.type ?? null) : null),
    closest: () =>
      options.editableAncestor === undefined || options.editableAncestor === null
        ? null
        : { getAttribute: () => options.editableAncestor },
  } as unknown as EventTarget;
}

describe('isInField', () => {
  it('reconoce los campos donde se escribe', () => {
    expect(isInField(element('textarea'))).toBe(true);
    expect(isInField(element('select'))).toBe(true);
    expect(isInField(element('input'))).toBe(true);
    expect(isInField(element('input', { type: 'search' }))).toBe(true);
    expect(isInField(element('input', { type: 'email' }))).toBe(true);
    expect(isInField(element('div', { editable: true }))).toBe(true);
    expect(isInField(element('span', { editableAncestor: 'true' }))).toBe(true);
  });

  it('no toma por campos los botones, enlaces, casillas ni la página', () => {
    expect(isInField(element('a'))).toBe(false);
    expect(isInField(element('button'))).toBe(false);
    expect(isInField(element('input', { type: 'checkbox' }))).toBe(false);
    expect(isInField(element('input', { type: 'radio' }))).toBe(false);
    expect(isInField(element('body'))).toBe(false);
    expect(isInField(element('span', { editableAncestor: 'false' }))).toBe(false);
    expect(isInField(null)).toBe(false);
  });
});

describe('matchesChord', () => {
  it('Ctrl y ⌘ cuentan igual como modificador', () => {
    expect(matchesChord(stroke('k', { ctrl: true }), { key: 'k', mod: true })).toBe(true);
    expect(matchesChord(stroke('k', { meta: true }), { key: 'k', mod: true })).toBe(true);
    expect(matchesChord(stroke('K', { ctrl: true }), { key: 'k', mod: true })).toBe(true);
    expect(matchesChord(stroke('K', { ctrl: true, shift: true }), { key: 'k', mod: true })).toBe(
      false,
    );
    expect(matchesChord(stroke('k'), { key: 'k', mod: true })).toBe(false);
  });

  it('una letra sola no coincide con Mayúsculas, Ctrl ni Alt', () => {
    expect(matchesChord(stroke('j'), { key: 'j' })).toBe(true);
    expect(matchesChord(stroke('J', { shift: true }), { key: 'j' })).toBe(false);
    expect(matchesChord(stroke('j', { ctrl: true }), { key: 'j' })).toBe(false);
    expect(matchesChord(stroke('j', { alt: true }), { key: 'j' })).toBe(false);
  });

  it("'?' coincide con o sin Mayúsculas (según la distribución del teclado)", () => {
    expect(matchesChord(stroke('?', { shift: true }), { key: '?' })).toBe(true);
    expect(matchesChord(stroke('?'), { key: '?' })).toBe(true);
  });

  it('Alt+flecha no es la flecha sola', () => {
    expect(matchesChord(stroke('ArrowDown', { alt: true }), { key: 'ArrowDown', alt: true })).toBe(
      true,
    );
    expect(matchesChord(stroke('ArrowDown'), { key: 'ArrowDown', alt: true })).toBe(false);
    expect(matchesChord(stroke('ArrowDown', { alt: true }), { key: 'ArrowDown' })).toBe(false);
  });
});

describe('shortcutFor', () => {
  const body = element('body');
  const textarea = element('textarea');

  it('las teclas simples actúan fuera de un campo', () => {
    expect(shortcutFor(stroke('j'), body)?.id).toBe('listNext');
    expect(shortcutFor(stroke('k'), body)?.id).toBe('listPrevious');
    expect(shortcutFor(stroke('ArrowDown'), body)?.id).toBe('listNext');
    expect(shortcutFor(stroke('?', { shift: true }), body)?.id).toBe('shortcutsSheet');
  });

  it('las teclas simples no actúan dentro de un campo', () => {
    expect(shortcutFor(stroke('j'), textarea)).toBeNull();
    expect(shortcutFor(stroke('k'), textarea)).toBeNull();
    expect(shortcutFor(stroke('ArrowUp'), textarea)).toBeNull();
    expect(shortcutFor(stroke('?', { shift: true }), textarea)).toBeNull();
    expect(shortcutFor(stroke('Enter'), body)).toBeNull();
  });

  it('las combinaciones actúan en cualquier lugar', () => {
    expect(shortcutFor(stroke('k', { ctrl: true }), textarea)?.id).toBe('commandMenu');
    expect(shortcutFor(stroke('k', { meta: true }), body)?.id).toBe('commandMenu');
    expect(shortcutFor(stroke('ArrowDown', { alt: true }), textarea)?.id).toBe('nextUnread');
    expect(shortcutFor(stroke('ArrowUp', { alt: true }), body)?.id).toBe('previousUnread');
  });

  it('Escape se escucha también dentro de un campo', () => {
    expect(shortcutFor(stroke('Escape'), textarea)?.id).toBe('escape');
  });

  it('Ctrl/⌘+F es la búsqueda de la conversación, también desde el cuadro de texto', () => {
    expect(shortcutFor(stroke('f', { ctrl: true }), textarea)?.id).toBe('chatSearch');
    expect(shortcutFor(stroke('f'), body)).toBeNull();
  });
});

describe('chordKeys', () => {
  it('muestra las teclas según la plataforma', () => {
    expect(chordKeys({ key: 'k', mod: true }, false)).toEqual(['Ctrl', 'K']);
    expect(chordKeys({ key: 'k', mod: true }, true)).toEqual(['⌘', 'K']);
    expect(chordKeys({ key: 'ArrowDown', alt: true }, false)).toEqual(['Alt', '↓']);
    expect(chordKeys({ key: 'j' }, false)).toEqual(['j']);
    expect(chordKeys({ key: 'Escape' }, false)).toEqual(['Esc']);
    expect(chordKeys({ key: 'Enter', shift: true }, false)).toEqual(['Shift', 'Enter']);
    expect(usesCommandKey('MacIntel')).toBe(true);
    expect(usesCommandKey('Linux x86_64')).toBe(false);
  });
});
