import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TempoRelativo } from './tempo-relativo.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('TempoRelativo', () => {
  it('moves on while the screen stays open: "agora", then "há 3 min", then "há 2 h"', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T15:00:00Z') });
    render(
      <p data-testid="quando">
        <TempoRelativo iso="2026-11-21T15:00:00Z" />
      </p>,
    );
    const quando = screen.getByTestId('quando');
    expect(quando).toHaveTextContent(/^agora$/);

    act(() => vi.advanceTimersByTime(3 * 60_000));
    expect(quando).toHaveTextContent(/^há 3 min$/);

    act(() => vi.advanceTimersByTime(2 * 60 * 60_000 - 3 * 60_000));
    expect(quando).toHaveTextContent(/^há 2 h$/);
  });

  it('shares one timer among every relative time on screen, and stops it when the last one goes', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T15:00:00Z') });
    const { unmount } = render(
      <>
        <TempoRelativo iso="2026-11-21T14:00:00Z" />
        <TempoRelativo iso="2026-11-21T14:30:00Z" />
      </>,
    );
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
