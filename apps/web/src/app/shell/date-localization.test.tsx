import { DateField } from '@mui/x-date-pickers/DateField';
import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DateLocalization } from './date-localization.tsx';

describe('DateLocalization', () => {
  it('gives date inputs the pt-BR format dd/mm/aaaa', () => {
    render(
      <DateLocalization>
        <DateField label="Vencimento" defaultValue={dayjs('2026-12-31')} />
      </DateLocalization>,
    );
    expect(screen.getByRole('group', { name: 'Vencimento' })).toHaveTextContent('31/12/2026');
  });
});
