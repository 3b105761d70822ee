import { duration } from '@mui/material/styles';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppSnackbar } from './app-snackbar.tsx';
import { initialSnackbarState, notify, useSnackbarStore } from './snackbar-store.ts';

// The exit transition runs for this long after the snackbar closes; only then does it leave the DOM.
const EXIT = duration.leavingScreen;

// One act per step: React renders (and schedules the exit transition's timer) only when act returns,
// so the close and the transition after it must be advanced in separate steps.
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const finishExit = () => advance(EXIT);
// A snackbar closed inside an act step is still in the DOM (exiting) when the step returns, so "still
// open" is read from the store.
const isVisible = () => useSnackbarStore.getState().visible;

const renderSnackbar = () =>
  render(
    <>
      <button type="button">Outro lugar</button>
      <AppSnackbar />
    </>,
  );

beforeEach(() => {
  vi.useFakeTimers();
  useSnackbarStore.setState(initialSnackbarState);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('AppSnackbar', () => {
  it('renders nothing until a message is shown', () => {
    renderSnackbar();

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the message with a close button', () => {
    renderSnackbar();
    act(() => notify.info('Importação iniciada'));

    expect(screen.getByRole('status')).toHaveTextContent('Importação iniciada');
    expect(screen.getByRole('button', { name: 'Fechar notificação' })).toBeInTheDocument();
  });

  it.each([
    ['success', 3000],
    ['error', 5000],
    ['warning', 4000],
    ['info', 4000],
  ] as const)('keeps a %s message for %i ms, then removes it', (color, timeout) => {
    renderSnackbar();
    act(() => notify[color]('Mensagem'));

    advance(timeout - 1);
    expect(isVisible()).toBe(true);
    expect(screen.getByText('Mensagem')).toBeInTheDocument();

    advance(1);
    expect(isVisible()).toBe(false);

    finishExit();
    expect(screen.queryByText('Mensagem')).not.toBeInTheDocument();
  });

  it('keeps a success message at 2900 ms and removes it after 3000 ms and the transition', () => {
    renderSnackbar();
    act(() => notify.success('Cliente salvo'));

    advance(2900);
    expect(isVisible()).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Cliente salvo');

    advance(100);
    finishExit();
    expect(screen.queryByText('Cliente salvo')).not.toBeInTheDocument();
  });

  it('uses 4000 ms when shown without a colour or timeout', () => {
    renderSnackbar();
    act(() => useSnackbarStore.getState().show({ message: 'Padrão' }));

    advance(3999);
    expect(isVisible()).toBe(true);
    advance(1);
    finishExit();
    expect(screen.queryByText('Padrão')).not.toBeInTheDocument();
  });

  it('closes when the close button is clicked', () => {
    renderSnackbar();
    act(() => notify.error('Falha ao salvar'));

    // fireEvent, not user-event: Testing Library's async wrapper waits on a timer that fake timers never run.
    fireEvent.click(screen.getByRole('button', { name: 'Fechar notificação' }));
    expect(isVisible()).toBe(false);

    finishExit();
    expect(screen.queryByText('Falha ao salvar')).not.toBeInTheDocument();
  });

  it('closes on Escape', () => {
    renderSnackbar();
    act(() => notify.warning('Atenção'));

    fireEvent.keyDown(document, { key: 'Escape' });

    expect(isVisible()).toBe(false);
  });

  it('stays open when the user clicks elsewhere on the page', () => {
    renderSnackbar();
    act(() => notify.info('Continua aqui'));
    // MUI only starts listening for click-away on the next tick after opening.
    advance(1000);

    fireEvent.click(screen.getByRole('button', { name: 'Outro lugar' }));
    fireEvent.click(document.body);

    expect(isVisible()).toBe(true);
    expect(screen.getByText('Continua aqui')).toBeInTheDocument();
    advance(3000);
    finishExit();
    expect(screen.queryByText('Continua aqui')).not.toBeInTheDocument();
  });

  it('replaces a visible message and restarts the timer for the new one', () => {
    renderSnackbar();
    act(() => notify.error('Primeira'));
    advance(4000);

    act(() => notify.success('Segunda'));
    expect(screen.queryByText('Primeira')).not.toBeInTheDocument();
    expect(screen.getByText('Segunda')).toBeInTheDocument();

    // The first message's timer would have fired at 5000 ms; the new one runs its own 3000 ms.
    advance(2999);
    expect(isVisible()).toBe(true);
    expect(screen.getByText('Segunda')).toBeInTheDocument();

    advance(1);
    finishExit();
    expect(screen.queryByText('Segunda')).not.toBeInTheDocument();
  });

  it('restarts the timer when a message of the same colour replaces another', () => {
    renderSnackbar();
    act(() => notify.error('Primeiro erro'));
    advance(4000);

    act(() => notify.error('Segundo erro'));
    advance(4999);
    expect(isVisible()).toBe(true);
    expect(screen.getByText('Segundo erro')).toBeInTheDocument();

    advance(1);
    expect(isVisible()).toBe(false);
  });

  it('announces errors and warnings as alerts, successes and info as status', () => {
    renderSnackbar();

    act(() => notify.error('Erro'));
    expect(screen.getByRole('alert')).toHaveTextContent('Erro');
    act(() => notify.warning('Aviso'));
    expect(screen.getByRole('alert')).toHaveTextContent('Aviso');
    act(() => notify.success('Sucesso'));
    expect(screen.getByRole('status')).toHaveTextContent('Sucesso');
    act(() => notify.info('Info'));
    expect(screen.getByRole('status')).toHaveTextContent('Info');
  });

  it.each([
    ['success', 'CheckCircleOutlinedIcon'],
    ['error', 'ErrorOutlinedIcon'],
    ['warning', 'WarningAmberOutlinedIcon'],
    ['info', 'InfoOutlinedIcon'],
  ] as const)('shows the %s icon', (color, testId) => {
    renderSnackbar();
    act(() => notify[color]('Mensagem'));

    expect(screen.getByTestId(testId)).toBeInTheDocument();
  });

  it('shows no icon when the icon is null', () => {
    renderSnackbar();
    act(() => notify.info('Sem ícone', { icon: null }));

    expect(screen.queryByTestId('InfoOutlinedIcon')).not.toBeInTheDocument();
    expect(screen.getByTestId('CloseIcon')).toBeInTheDocument();
  });

  it('keeps line breaks of a multi-line message', () => {
    renderSnackbar();
    act(() => notify.error('Linha 1\nLinha 2'));

    const message = screen.getByText(/Linha 1/);
    expect(message.textContent).toBe('Linha 1\nLinha 2');
    expect(message).toHaveStyle({ whiteSpace: 'pre-line' });
  });

  it('does not preserve line breaks when multi-line is off', () => {
    renderSnackbar();
    act(() => notify.error('Curta', { multiLine: false }));

    expect(screen.getByText('Curta')).not.toHaveStyle({ whiteSpace: 'pre-line' });
  });
});
