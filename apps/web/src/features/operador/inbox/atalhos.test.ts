import { afterEach, describe, expect, it } from 'vitest';
import { ATALHOS, acaoDaTecla, emCampoOuDialogo } from './atalhos.ts';

const el = (html: string, seletor: string) => {
  document.body.innerHTML = html;
  return document.querySelector(seletor) as HTMLElement;
};
const tecla = (key: string, target: EventTarget | null = document.body, mods = {}) => ({
  key,
  target,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('emCampoOuDialogo', () => {
  it.each([
    ['<input id="x">', '#x'],
    ['<textarea id="x"></textarea>', '#x'],
    ['<select id="x"></select>', '#x'],
    ['<div id="x" role="combobox" tabindex="0"></div>', '#x'],
    ['<div role="dialog"><button id="x">Ok</button></div>', '#x'],
    ['<ul role="menu"><li id="x" role="menuitem">Item</li></ul>', '#x'],
  ])('is true for %s', (html, seletor) => {
    expect(emCampoOuDialogo(el(html, seletor))).toBe(true);
  });

  it('is true for contenteditable and false for a plain button or the page', () => {
    const editavel = el('<div id="x" contenteditable="true"></div>', '#x');
    // jsdom has no isContentEditable: the attribute stands in for it.
    Object.defineProperty(editavel, 'isContentEditable', { value: true });
    expect(emCampoOuDialogo(editavel)).toBe(true);
    expect(emCampoOuDialogo(el('<button id="x">Ok</button>', '#x'))).toBe(false);
    expect(emCampoOuDialogo(document.body)).toBe(false);
    expect(emCampoOuDialogo(null)).toBe(false);
  });
});

describe('acaoDaTecla', () => {
  it('maps every listed shortcut', () => {
    expect(acaoDaTecla(tecla('j'), false)).toBe('proximo');
    expect(acaoDaTecla(tecla('k'), false)).toBe('anterior');
    expect(acaoDaTecla(tecla('o'), false)).toBe('abrir');
    expect(acaoDaTecla(tecla('a'), false)).toBe('assumir');
    expect(acaoDaTecla(tecla('/'), false)).toBe('buscar');
    expect(acaoDaTecla(tecla('?'), false)).toBe('ajuda');
    expect(new Set(ATALHOS.map((a) => a.acao)).size).toBe(ATALHOS.length);
  });

  it('leaves arrows and Enter to the page outside the queue', () => {
    expect(acaoDaTecla(tecla('ArrowDown'), false)).toBeNull();
    expect(acaoDaTecla(tecla('Enter'), false)).toBeNull();
    expect(acaoDaTecla(tecla('ArrowDown'), true)).toBe('proximo');
    expect(acaoDaTecla(tecla('ArrowUp'), true)).toBe('anterior');
    expect(acaoDaTecla(tecla('Enter'), true)).toBe('abrir');
  });

  it('ignores keys with modifiers, typed text and other keys', () => {
    expect(acaoDaTecla(tecla('j', document.body, { ctrlKey: true }), true)).toBeNull();
    expect(acaoDaTecla(tecla('a', document.body, { metaKey: true }), true)).toBeNull();
    expect(acaoDaTecla(tecla('j', el('<input id="x">', '#x')), true)).toBeNull();
    expect(acaoDaTecla(tecla('x'), true)).toBeNull();
  });
});
