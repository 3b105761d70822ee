import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { primeiroNome } from './workspace-utils.ts';

// Operators cannot read the admin's templates, so a few polite replies live here; {nome} is the first name.
const MODELOS = [
  'Olá, {nome}! Podemos ajudar com a negociação da sua fatura?',
  'Olá, {nome}! Identificamos uma fatura em aberto. Quer que eu envie o código PIX para pagamento?',
  '{nome}, temos condições especiais de parcelamento. Posso apresentar uma proposta?',
  'Obrigado pelo retorno, {nome}! Vou verificar e já respondo.',
  'Pagamento confirmado. Muito obrigado, {nome}!',
] as const;

export const modelosPara = (nome: string): string[] =>
  MODELOS.map((m) => m.replaceAll('{nome}', primeiroNome(nome)));

type ModelosMenuProps = { nome: string; disabled?: boolean; onInserir: (texto: string) => void };

/** "Inserir modelo": puts a ready reply into the composer, to be edited before sending. */
export const ModelosMenu = ({ nome, disabled, onInserir }: ModelosMenuProps) => {
  const [ancora, setAncora] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        size="small"
        disabled={disabled}
        onClick={(e) => setAncora(e.currentTarget)}
        aria-haspopup="menu"
        aria-controls={ancora ? menuId : undefined}
        aria-expanded={Boolean(ancora)}
      >
        Inserir modelo
      </Button>
      <Menu id={menuId} anchorEl={ancora} open={Boolean(ancora)} onClose={() => setAncora(null)}>
        {modelosPara(nome).map((texto) => (
          <MenuItem
            key={texto}
            onClick={() => {
              onInserir(texto);
              setAncora(null);
            }}
            sx={{ whiteSpace: 'normal', maxWidth: 360 }}
          >
            {texto}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
