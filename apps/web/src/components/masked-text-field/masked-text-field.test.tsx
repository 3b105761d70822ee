import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { MaskedTextField, type MaskedTextFieldProps, type MaskedValue } from './masked-text-field.tsx';

type HarnessProps = Omit<MaskedTextFieldProps, 'value' | 'onValueChange'> & {
  initialValue?: string;
  onValueChange?: (value: MaskedValue) => void;
};

// Holds the value like a form would, storing the unmasked text.
const Harness = ({ initialValue = '', onValueChange, ...props }: HarnessProps) => {
  const [value, setValue] = useState(initialValue);
  return (
    <MaskedTextField
      {...props}
      value={value}
      onValueChange={(next) => {
        setValue(next.unmasked);
        onValueChange?.(next);
      }}
    />
  );
};

describe('MaskedTextField', () => {
  it('formats a CPF as it is typed and reports the unmasked value', async () => {
    const onValueChange = vi.fn();
    render(<Harness mask="cpf" label="CPF" onValueChange={onValueChange} />);
    const input = screen.getByLabelText('CPF');

    await userEvent.type(input, '52998224725');

    expect(input).toHaveValue('529.982.247-25');
    expect(onValueChange).toHaveBeenLastCalledWith({ masked: '529.982.247-25', unmasked: '52998224725' });
  });

  it('formats a 10-digit landline number', async () => {
    render(<Harness mask="telefone" label="Telefone" />);
    const input = screen.getByLabelText('Telefone');

    await userEvent.type(input, '1134567890');

    expect(input).toHaveValue('(11) 3456-7890');
  });

  it('formats an 11-digit mobile number', async () => {
    const onValueChange = vi.fn();
    render(<Harness mask="telefone" label="Telefone" onValueChange={onValueChange} />);
    const input = screen.getByLabelText('Telefone');

    await userEvent.type(input, '11987654321');

    expect(input).toHaveValue('(11) 98765-4321');
    expect(onValueChange).toHaveBeenLastCalledWith({ masked: '(11) 98765-4321', unmasked: '11987654321' });
  });

  it('ignores letters typed into a digit mask', async () => {
    render(<Harness mask="cep" label="CEP" />);
    const input = screen.getByLabelText('CEP');

    await userEvent.type(input, '0a1b3c1d0e1f0g0');

    expect(input).toHaveValue('01310-100');
  });

  it('upper-cases an alphanumeric CNPJ', async () => {
    render(<Harness mask="cnpj" label="CNPJ" />);
    const input = screen.getByLabelText('CNPJ');

    await userEvent.type(input, '12abc34501de35');

    expect(input).toHaveValue('12.ABC.345/01DE-35');
  });

  it('accepts a custom pattern', async () => {
    render(<Harness mask="AAA-####" label="Placa" />);
    const input = screen.getByLabelText('Placa');

    await userEvent.type(input, 'abc1234');

    expect(input).toHaveValue('ABC-1234');
  });

  it('shows an initial unmasked value formatted', () => {
    render(<Harness mask="cpf" label="CPF" initialValue="52998224725" />);

    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
  });

  it('follows a value changed from outside', () => {
    const { rerender } = render(
      <MaskedTextField mask="cep" label="CEP" value="01310100" onValueChange={() => {}} />,
    );
    rerender(<MaskedTextField mask="cep" label="CEP" value="20040020" onValueChange={() => {}} />);

    expect(screen.getByLabelText('CEP')).toHaveValue('20040-020');
  });

  it('deletes back through the separators', async () => {
    render(<Harness mask="cpf" label="CPF" initialValue="52998224725" />);
    const input = screen.getByLabelText('CPF');

    await userEvent.type(input, '{Backspace}{Backspace}{Backspace}');

    expect(input).toHaveValue('529.982.24');
  });

  it('keeps working when the mask is an inline array rebuilt on every render', async () => {
    const onValueChange = vi.fn();
    const Inline = () => {
      const [value, setValue] = useState('');
      return (
        <MaskedTextField
          mask={['####-####', '#####-####']}
          label="Celular"
          value={value}
          onValueChange={(next) => {
            setValue(next.masked);
            onValueChange(next);
          }}
        />
      );
    };
    render(<Inline />);
    const input = screen.getByLabelText('Celular');

    await userEvent.type(input, '987654321');

    expect(input).toHaveValue('98765-4321');
    expect(onValueChange).toHaveBeenLastCalledWith({ masked: '98765-4321', unmasked: '987654321' });
  });

  it('shows the label and an error helper text', () => {
    render(<Harness mask="cpf" label="CPF" error helperText="CPF inválido" />);
    const input = screen.getByLabelText('CPF');

    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('CPF inválido');
  });

  it('asks for a numeric keyboard only when the mask is digit-only', () => {
    render(
      <>
        <Harness mask="cpf" label="CPF" />
        <Harness mask="cpfCnpj" label="CPF ou CNPJ" />
      </>,
    );

    expect(screen.getByLabelText('CPF')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('CPF ou CNPJ')).toHaveAttribute('inputmode', 'text');
  });

  it('passes html input attributes and the input ref through', () => {
    const ref = { current: null as HTMLInputElement | null };
    render(
      <Harness
        mask="cep"
        label="CEP"
        name="cep"
        inputRef={ref}
        slotProps={{ htmlInput: { maxLength: 9 } }}
      />,
    );
    const input = screen.getByLabelText('CEP');

    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('name', 'cep');
    expect(input).toHaveAttribute('maxlength', '9');
  });

  it('works inside a react-hook-form Controller', async () => {
    const onSubmit = vi.fn();
    const Form = () => {
      const { control, handleSubmit } = useForm({ defaultValues: { cpf: '' } });
      return (
        <form onSubmit={handleSubmit((values) => onSubmit(values))}>
          <Controller
            name="cpf"
            control={control}
            rules={{ minLength: { value: 11, message: 'CPF incompleto' } }}
            render={({ field, fieldState }) => (
              <MaskedTextField
                mask="cpf"
                label="CPF"
                name={field.name}
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onValueChange={({ unmasked }) => field.onChange(unmasked)}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <button type="submit">Salvar</button>
        </form>
      );
    };
    render(<Form />);
    const input = screen.getByLabelText('CPF');

    await userEvent.type(input, '529982');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('CPF incompleto')).toBeInTheDocument();
    expect(input).toHaveFocus();

    await userEvent.type(input, '24725');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(input).toHaveValue('529.982.247-25');
    // handleSubmit validates asynchronously.
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ cpf: '52998224725' }));
  });
});
