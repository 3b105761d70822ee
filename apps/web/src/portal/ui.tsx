import { type ButtonHTMLAttributes, type ReactNode, useEffect, useRef } from 'react';

// The portal's few building blocks: plain elements and class names from portal.css (the page runs
// under a CSP without inline styles, so no style attributes and no CSS-in-JS).

type TituloProps = { nivel: 1 | 2 | 3; children: ReactNode; className?: string };

/**
 * A heading that takes the focus when it appears in place of what had it (a step replaced the one the
 * customer was on), so keyboard and screen reader users start reading the new step from its top.
 */
export const Titulo = ({ nivel, children, className }: TituloProps) => {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const ativo = document.activeElement;
    if (!ativo || ativo === document.body) ref.current?.focus();
  }, []);
  const Tag = `h${nivel}` as const;
  return (
    <Tag ref={ref} tabIndex={-1} className={className}>
      {children}
    </Tag>
  );
};

type BotaoProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variante?: 'primario' | 'secundario' | 'link';
  /** Its request is running: disabled, marked busy, with a spinner. */
  ocupado?: boolean;
};

export const Botao = ({
  variante = 'primario',
  ocupado = false,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: BotaoProps) => (
  <button
    {...props}
    type={type}
    className={['botao', `botao-${variante}`, className].filter(Boolean).join(' ')}
    disabled={ocupado || disabled}
    aria-busy={ocupado || undefined}
  >
    {ocupado && <span className="giro" aria-hidden="true" />}
    {children}
  </button>
);

export const Alerta = ({ children }: { children: ReactNode }) => (
  <p role="alert" className="alerta">
    {children}
  </p>
);

export const Nota = ({ children }: { children: ReactNode }) => <p className="nota">{children}</p>;

export const Carregando = ({ texto = 'Carregando…' }: { texto?: string }) => (
  <p role="status" className="carregando">
    <span className="giro" aria-hidden="true" />
    {texto}
  </p>
);

/** A failure to load something, with its retry. */
export const FalhaAoCarregar = ({
  mensagem,
  tentar,
  ocupado = false,
}: {
  mensagem: string;
  tentar: () => void;
  ocupado?: boolean;
}) => (
  <div className="cartao">
    <Alerta>{mensagem}</Alerta>
    <Botao onClick={tentar} ocupado={ocupado}>
      Tentar de novo
    </Botao>
  </div>
);

/** What a request finished: a heading, the success sentence and the way back to the summary. */
export const Concluido = ({
  titulo,
  children,
  voltar,
}: {
  titulo: string;
  children: ReactNode;
  voltar: () => void;
}) => (
  <div className="cartao">
    <Titulo nivel={1}>{titulo}</Titulo>
    <p className="sucesso">{children}</p>
    <div className="acoes">
      <Botao variante="secundario" onClick={voltar}>
        Voltar ao resumo
      </Botao>
    </div>
  </div>
);

/** Ends a step that asks first: its failure, if any, Confirmar (busy while it runs) and the way back. */
export const ConfirmarOuVoltar = ({
  erro,
  enviando,
  confirmar,
  voltar,
  rotuloVoltar,
}: {
  erro: string | null;
  enviando: boolean;
  confirmar: () => void;
  voltar: () => void;
  rotuloVoltar: string;
}) => (
  <>
    {erro && <Alerta>{erro}</Alerta>}
    <div className="acoes">
      <Botao onClick={confirmar} ocupado={enviando}>
        Confirmar
      </Botao>
      <Botao variante="secundario" onClick={voltar} disabled={enviando}>
        {rotuloVoltar}
      </Botao>
    </div>
  </>
);
