import type { PortalSessaoResponse } from '@cobranca/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { chamar, ehFalha, erroDoCampo, FalhaPortal, mensagemDaFalha } from './api.ts';
import { Alerta, Botao, Nota, Titulo } from './ui.tsx';

const INFORME = 'Informe o CPF ou CNPJ.';

type VerificacaoProps = {
  token: string;
  /** Why the customer is here again (the session expired). */
  aviso: string | null;
  aoEntrar: (sessao: string) => void;
  /** Too many wrong tries: the page asks the link for the lock's end. */
  aoBloquear: () => void;
  aoSumir: () => void;
};

/** The document check: nothing about the customer is shown before it (docs/decisions/029-portal.md). */
export const Verificacao = ({ token, aviso, aoEntrar, aoBloquear, aoSumir }: VerificacaoProps) => {
  const [valor, setValor] = useState('');
  const [erroCampo, setErroCampo] = useState<string | null>(null);
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  // Bumped on each field error, so the field takes the focus again after the error is on screen.
  const [recusas, setRecusas] = useState(0);
  const campo = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (recusas > 0) campo.current?.focus();
  }, [recusas]);

  const recusar = (mensagem: string) => {
    setErroCampo(mensagem);
    setRecusas((n) => n + 1);
  };

  const enviar = async (evento: FormEvent) => {
    evento.preventDefault();
    if (enviando) return;
    setErroGeral(null);
    // Dots, dashes, slashes and spaces are how people write it; the server compares the rest.
    const documento = valor.replace(/[.\-/\s]/g, '');
    if (!documento) return recusar(INFORME);
    setErroCampo(null);
    setEnviando(true);
    try {
      const { sessao } = await chamar<PortalSessaoResponse>('/api/portal/sessao', {
        metodo: 'POST',
        corpo: { token, documento },
      });
      aoEntrar(sessao);
    } catch (erro) {
      setEnviando(false);
      if (ehFalha(erro, 'LINK_BLOQUEADO')) return aoBloquear();
      if (ehFalha(erro, 'LINK_INDISPONIVEL')) return aoSumir();
      if (erro instanceof FalhaPortal && erro.status === 422)
        return recusar(erroDoCampo(erro, 'documento', 'O documento não confere.'));
      setErroGeral(mensagemDaFalha(erro, 'Não foi possível confirmar agora. Tente de novo em instantes.'));
    }
  };

  const descricao = erroCampo ? 'documento-dica documento-erro' : 'documento-dica';
  return (
    <div className="cartao">
      <Titulo nivel={1}>Para sua segurança, confirme seu CPF ou CNPJ</Titulo>
      {aviso && <Nota>{aviso}</Nota>}
      <p>Assim sabemos que este link chegou à pessoa certa.</p>
      <form onSubmit={enviar} noValidate className="formulario">
        <div className="campo">
          <label htmlFor="documento">CPF ou CNPJ</label>
          <input
            ref={campo}
            id="documento"
            name="documento"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            maxLength={30}
            value={valor}
            onChange={(e) => setValor(e.target.value)}
            aria-invalid={erroCampo ? true : undefined}
            aria-describedby={descricao}
          />
          <p id="documento-dica" className="dica">
            Só os números, ou com pontos, traço e barra.
          </p>
          {erroCampo && (
            <p id="documento-erro" className="erro-campo">
              {erroCampo}
            </p>
          )}
        </div>
        {erroGeral && <Alerta>{erroGeral}</Alerta>}
        <Botao type="submit" ocupado={enviando}>
          Continuar
        </Botao>
      </form>
    </div>
  );
};
