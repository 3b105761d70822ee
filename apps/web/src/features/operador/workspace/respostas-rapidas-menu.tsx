import type { RespostaRapidaRenderizada } from '@cobranca/contracts';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useRespostasRapidas } from '../api/respostas-rapidas.ts';

export const SEM_RESPOSTAS =
  'Nenhuma resposta rápida cadastrada. Peça ao administrador para criar em Config. Mensagens.';
export const ERRO_RESPOSTAS = 'Não foi possível carregar as respostas rápidas.';

type RespostasRapidasMenuProps = {
  clienteId: number;
  disabled?: boolean;
  onInserir: (texto: string) => void;
};

/** Avisos shown in place of the list (loading, failure, none saved), as disabled items the reader still hears. */
const Aviso = ({ texto }: { texto: string }) => (
  <MenuItem disabled sx={{ whiteSpace: 'normal', maxWidth: 360 }}>
    {texto}
  </MenuItem>
);

/** "Respostas rápidas": the admin's replies, filled for this customer, to put in the composer and edit. */
export const RespostasRapidasMenu = ({ clienteId, disabled, onInserir }: RespostasRapidasMenuProps) => {
  const [ancora, setAncora] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const query = useRespostasRapidas(clienteId, Boolean(ancora));

  const itens = (respostas: RespostaRapidaRenderizada[]) =>
    respostas.map((r) => (
      <MenuItem
        key={r.id}
        onClick={() => {
          onInserir(r.texto);
          setAncora(null);
        }}
        sx={{ whiteSpace: 'normal', maxWidth: 360 }}
      >
        <ListItemText primary={`/${r.atalho}`} secondary={r.texto} />
      </MenuItem>
    ));

  const conteudo = () => {
    if (query.isPending) return <Aviso texto="Carregando respostas rápidas…" />;
    if (query.isError) return <Aviso texto={ERRO_RESPOSTAS} />;
    if (query.data.length === 0) return <Aviso texto={SEM_RESPOSTAS} />;
    return itens(query.data);
  };

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
        Respostas rápidas
      </Button>
      <Menu id={menuId} anchorEl={ancora} open={Boolean(ancora)} onClose={() => setAncora(null)}>
        {conteudo()}
      </Menu>
    </>
  );
};
