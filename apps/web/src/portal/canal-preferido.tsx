import type { Canal } from '@cobranca/contracts';
import { type FormEvent, useState } from 'react';
import { type ChamadaCliente, mensagemDaFalha } from './api.ts';
import { Alerta, Botao } from './ui.tsx';

// The customer's choice of the channel tried first (docs/produto.md §12). Labels live here, not in the
// contracts' CANAL_ROTULOS: the portal takes only types from the contracts, to keep zod out of its bundle.
const ROTULOS: Record<Canal, string> = {
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  sms: 'SMS (mensagem de texto)',
};

/** The same channels inside a sentence ("por e-mail"). */
const NA_FRASE: Record<Canal, string> = { whatsapp: 'WhatsApp', email: 'e-mail', sms: 'SMS' };

const TANTO_FAZ = 'tanto-faz';

type Props = {
  api: ChamadaCliente;
  canalPreferido: Canal | null;
  /** The channels the customer can be reached on now, in the creditor's order. */
  canaisDisponiveis: Canal[];
};

/** "Como prefere receber nossas mensagens?": the channels available, or "Tanto faz" (no preference). */
export const CanalPreferido = ({ api, canalPreferido, canaisDisponiveis }: Props) => {
  const [salvo, setSalvo] = useState(canalPreferido);
  const [escolhido, setEscolhido] = useState(canalPreferido);
  const [enviando, setEnviando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [aviso, setAviso] = useState('');

  const escolher = (canal: Canal | null) => {
    setEscolhido(canal);
    setErro(null);
    setAviso('');
  };

  const salvar = async (evento: FormEvent) => {
    evento.preventDefault();
    setEnviando(true);
    setErro(null);
    setAviso('');
    try {
      const { canal_preferido } = await api<{ canal_preferido: Canal | null }>(
        '/api/portal/canal-preferido',
        {
          metodo: 'PUT',
          corpo: { canal: escolhido },
        },
      );
      setSalvo(canal_preferido);
      setEscolhido(canal_preferido);
      setAviso(
        canal_preferido
          ? `Pronto. Vamos procurar você primeiro por ${NA_FRASE[canal_preferido]}.`
          : 'Pronto. Vamos usar o canal que estiver disponível.',
      );
    } catch (e) {
      setErro(
        mensagemDaFalha(e, 'Não foi possível salvar sua preferência agora. Tente de novo em instantes.'),
      );
    } finally {
      setEnviando(false);
    }
  };

  const opcoes: { valor: Canal | null; rotulo: string }[] = [
    ...canaisDisponiveis.map((c) => ({ valor: c, rotulo: ROTULOS[c] })),
    { valor: null, rotulo: 'Tanto faz' },
  ];
  return (
    <form onSubmit={salvar} noValidate className="cartao formulario" aria-busy={enviando || undefined}>
      <fieldset className="escolha">
        <legend>Como prefere receber nossas mensagens?</legend>
        {opcoes.map(({ valor, rotulo }) => {
          const id = `canal-${valor ?? TANTO_FAZ}`;
          return (
            <div key={id} className="opcao">
              <input
                type="radio"
                id={id}
                name="canal-preferido"
                value={valor ?? TANTO_FAZ}
                checked={escolhido === valor}
                disabled={enviando}
                onChange={() => escolher(valor)}
              />
              <label htmlFor={id}>
                <span className="opcao-titulo">{rotulo}</span>
              </label>
            </div>
          );
        })}
      </fieldset>
      {erro && <Alerta>{erro}</Alerta>}
      <p role="status" className="anuncio sucesso">
        {aviso}
      </p>
      <div className="acoes">
        <Botao type="submit" variante="secundario" ocupado={enviando} disabled={escolhido === salvo}>
          Salvar preferência
        </Botao>
      </div>
    </form>
  );
};
