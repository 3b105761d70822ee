import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type ChamadaCliente, erroDoCampo, FalhaPortal, mensagemDaFalha } from './api.ts';
import { Alerta, Botao, Concluido, Titulo } from './ui.tsx';

const MINIMO = 2;
const MAXIMO = 1000;
const ESCREVA = 'Escreva a sua mensagem.';

/** A message for a person: it goes to the operators' queue; the answer comes by WhatsApp. */
export const Atendente = ({ api, voltar }: { api: ChamadaCliente; voltar: () => void }) => {
  const [mensagem, setMensagem] = useState('');
  const [erroCampo, setErroCampo] = useState<string | null>(null);
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [enviada, setEnviada] = useState(false);
  const [recusas, setRecusas] = useState(0);
  const campo = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (recusas > 0) campo.current?.focus();
  }, [recusas]);

  const recusar = (texto: string) => {
    setErroCampo(texto);
    setRecusas((n) => n + 1);
  };

  const enviar = async (evento: FormEvent) => {
    evento.preventDefault();
    if (enviando) return;
    setErroGeral(null);
    if (mensagem.trim().length < MINIMO) return recusar(ESCREVA);
    setErroCampo(null);
    setEnviando(true);
    try {
      await api<null>('/api/portal/atendente', { metodo: 'POST', corpo: { mensagem: mensagem.trim() } });
      setEnviada(true);
    } catch (erro) {
      if (erro instanceof FalhaPortal && erro.status === 422) recusar(erroDoCampo(erro, 'mensagem', ESCREVA));
      else setErroGeral(mensagemDaFalha(erro, 'Não foi possível enviar agora. Tente de novo em instantes.'));
    } finally {
      setEnviando(false);
    }
  };

  if (enviada)
    return (
      <Concluido titulo="Mensagem enviada" voltar={voltar}>
        Recebemos sua mensagem. Um atendente vai responder pelo WhatsApp.
      </Concluido>
    );

  const descricao = erroCampo ? 'mensagem-contador mensagem-erro' : 'mensagem-contador';
  return (
    <div className="cartao">
      <Titulo nivel={1}>Falar com um atendente</Titulo>
      <p>Escreva o que você precisa. Um atendente vai responder pelo WhatsApp.</p>
      <form onSubmit={enviar} noValidate className="formulario">
        <div className="campo">
          <label htmlFor="mensagem">Sua mensagem</label>
          <textarea
            ref={campo}
            id="mensagem"
            name="mensagem"
            rows={5}
            maxLength={MAXIMO}
            value={mensagem}
            onChange={(e) => setMensagem(e.target.value)}
            aria-invalid={erroCampo ? true : undefined}
            aria-describedby={descricao}
          />
          <p id="mensagem-contador" className="dica contador">
            {mensagem.length} de {MAXIMO} caracteres
          </p>
          {erroCampo && (
            <p id="mensagem-erro" className="erro-campo">
              {erroCampo}
            </p>
          )}
        </div>
        {erroGeral && <Alerta>{erroGeral}</Alerta>}
        <div className="acoes">
          <Botao type="submit" ocupado={enviando}>
            Enviar
          </Botao>
          <Botao variante="secundario" onClick={voltar} disabled={enviando}>
            Voltar ao resumo
          </Botao>
        </div>
      </form>
    </div>
  );
};
