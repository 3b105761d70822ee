import { beforeEach, describe, expect, it } from 'vitest';
import { initialSnackbarState, notify, SNACKBAR_TIMEOUTS, useSnackbarStore } from './snackbar-store.ts';

const state = () => useSnackbarStore.getState();

beforeEach(() => {
  useSnackbarStore.setState(initialSnackbarState);
});

describe('useSnackbarStore', () => {
  it('starts hidden', () => {
    expect(state().visible).toBe(false);
  });

  it('shows an info message for 4000 ms by default, with the info icon, on one line', () => {
    state().show({ message: 'Dados salvos' });

    expect(state()).toMatchObject({
      visible: true,
      message: 'Dados salvos',
      color: 'info',
      timeout: 4000,
      icon: 'info',
      multiLine: false,
    });
  });

  it('uses the icon of the colour unless one is given', () => {
    state().show({ message: 'x', color: 'error' });
    expect(state().icon).toBe('error');

    state().show({ message: 'x', color: 'error', icon: 'warning' });
    expect(state().icon).toBe('warning');

    state().show({ message: 'x', color: 'error', icon: null });
    expect(state().icon).toBeNull();
  });

  it('keeps an explicit timeout', () => {
    state().show({ message: 'x', timeout: 10_000 });
    expect(state().timeout).toBe(10_000);
  });

  it('turns multi-line on for a message longer than 80 characters', () => {
    state().show({ message: 'a'.repeat(80) });
    expect(state().multiLine).toBe(false);

    state().show({ message: 'a'.repeat(81) });
    expect(state().multiLine).toBe(true);
  });

  it('turns multi-line on for a message with a line break', () => {
    state().show({ message: 'Linha 1\nLinha 2' });
    expect(state().multiLine).toBe(true);
  });

  it('keeps multi-line off when asked, even for a long message', () => {
    state().show({ message: 'a'.repeat(200), multiLine: false });
    expect(state().multiLine).toBe(false);
  });

  it('turns multi-line on when asked, even for a short message', () => {
    state().show({ message: 'Curta', multiLine: true });
    expect(state().multiLine).toBe(true);
  });

  it('gives every message a new key, so a replacement restarts its timer', () => {
    state().show({ message: 'Primeira' });
    const first = state().key;
    state().show({ message: 'Segunda' });

    expect(state().key).toBeGreaterThan(first);
    expect(state().message).toBe('Segunda');
  });

  it('hides without clearing the message, which stays visible during the exit transition', () => {
    state().show({ message: 'Dados salvos' });
    state().hide();

    expect(state().visible).toBe(false);
    expect(state().message).toBe('Dados salvos');
  });
});

describe('notify', () => {
  it.each([
    ['success', 3000],
    ['error', 5000],
    ['warning', 4000],
    ['info', 4000],
  ] as const)('%s shows the message in its colour for %i ms', (color, timeout) => {
    notify[color]('Mensagem');

    expect(state()).toMatchObject({ visible: true, message: 'Mensagem', color, icon: color, timeout });
    expect(SNACKBAR_TIMEOUTS[color]).toBe(timeout);
  });

  it('accepts a timeout, icon and multi-line override', () => {
    notify.error('Falhou', { timeout: 8000, icon: null, multiLine: true });

    expect(state()).toMatchObject({ color: 'error', timeout: 8000, icon: null, multiLine: true });
  });

  it('falls back to the colour timeout when the override is undefined', () => {
    notify.success('Salvo', { timeout: undefined });
    expect(state().timeout).toBe(3000);
  });
});
