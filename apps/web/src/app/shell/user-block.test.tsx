import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { razaoDeContraste } from '../../test/contraste.ts';
import { AppProviders } from '../providers.tsx';
import { AVATAR_COLORS, UserBlock } from './user-block.tsx';

const hex = (cor: string): [number, number, number, number] => [
  Number.parseInt(cor.slice(1, 3), 16),
  Number.parseInt(cor.slice(3, 5), 16),
  Number.parseInt(cor.slice(5, 7), 16),
  1,
];

describe('UserBlock avatar', () => {
  it.each(AVATAR_COLORS)('keeps white initials at 4.5:1 on %s', (cor) => {
    expect(razaoDeContraste(hex(cor), [255, 255, 255, 1])).toBeGreaterThanOrEqual(4.5);
  });

  it('draws the initials in white, not in the page background MUI uses by default', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <UserBlock
          user={{ id: 1, name: 'Sara Super', email: 's@t.local', role: 'super_admin' }}
          compact={false}
        />
      </AppProviders>,
    );
    expect(getComputedStyle(screen.getByText('SS')).color).toBe('rgb(255, 255, 255)');
  });
});
