import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SearchField } from './search-field.tsx';

const passDebounce = () => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100));

describe('SearchField', () => {
  it('searches once typing pauses, not on each keystroke', async () => {
    const onSearch = vi.fn();
    render(<SearchField label="Buscar cliente" onSearch={onSearch} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar cliente' }), ' maria ');
    expect(onSearch).not.toHaveBeenCalled();
    await passDebounce();
    expect(onSearch.mock.calls).toEqual([['maria']]);
  });

  // Clicking a row leaves the box: a timer still pending would fire after the navigation and put
  // ?busca= on the next page's URL (the lazy route keeps the list mounted while its chunk loads).
  it('applies the pending search at once when the box loses focus, and only once', async () => {
    const onSearch = vi.fn();
    render(
      <>
        <SearchField label="Buscar cliente" onSearch={onSearch} />
        <button type="button">Maria Souza</button>
      </>,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar cliente' }), 'mar');
    await userEvent.click(screen.getByRole('button', { name: 'Maria Souza' }));
    expect(onSearch.mock.calls).toEqual([['mar']]);
    await passDebounce();
    expect(onSearch.mock.calls).toEqual([['mar']]);
  });

  it('does not search again on blur when nothing changed', async () => {
    const onSearch = vi.fn();
    render(<SearchField label="Buscar cliente" initialValue="acme" onSearch={onSearch} />);
    await userEvent.click(screen.getByRole('searchbox', { name: 'Buscar cliente' }));
    await userEvent.tab();
    await passDebounce();
    expect(onSearch).not.toHaveBeenCalled();
  });
});
