import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HORA_INVALIDA, HoraField, horaValida } from './hora-field.tsx';

const Harness = ({ inicial = '', onChange }: { inicial?: string; onChange?: (v: string) => void }) => {
  const [value, setValue] = useState(inicial);
  return (
    <HoraField
      label="Início"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
};

describe('horaValida', () => {
  it.each(['00:00', '08:30', '12:00', '23:59'])('accepts %s', (hora) => {
    expect(horaValida(hora)).toBe(true);
  });

  it.each(['24:00', '08:60', '8:30', '08:3', '', '08:00 AM'])('refuses "%s"', (hora) => {
    expect(horaValida(hora)).toBe(false);
  });
});

describe('HoraField', () => {
  it('is a text field, not the browser’s locale-dependent time input', () => {
    render(<Harness inicial="08:00" />);
    const input = screen.getByLabelText('Início');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('08:00');
  });

  it('puts the colon in as the digits are typed, 24-hour', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Início');
    await userEvent.type(input, '1930');
    expect(input).toHaveValue('19:30');
    expect(onChange).toHaveBeenLastCalledWith('19:30');
  });

  it('refuses letters and a fifth digit', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Início');
    await userEvent.type(input, '0a8b001');
    expect(input).toHaveValue('08:00');
  });

  it('flags an impossible time with the 00:00–23:59 rule', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Início');
    await userEvent.type(input, '2500');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(HORA_INVALIDA);
  });

  it('shows the form’s own message when it has one', () => {
    render(<HoraField label="Fim" value="" onChange={() => {}} error="Informe o horário." />);
    expect(screen.getByLabelText('Fim')).toHaveAccessibleDescription('Informe o horário.');
  });
});
