import { useEffect } from 'react';

const NOME = 'Sistema de Cobrança Automática';
let titulo = '';
let aguardando = 0;

// "(3) Aguardando atendimento · Sistema…": the operator sees replies waiting from another tab.
const aplicar = () => {
  const base = titulo ? `${titulo} · ${NOME}` : NOME;
  document.title = aguardando > 0 ? `(${aguardando}) ${base}` : base;
};

/** The screen's part of the document title. */
export const useTituloDocumento = (novo: string) => {
  useEffect(() => {
    titulo = novo;
    aplicar();
  }, [novo]);
};

/** The count of customers waiting for an operator, shown first in the title (0 hides it). */
export const useContagemNoTitulo = (quantidade: number) => {
  useEffect(() => {
    aguardando = quantidade;
    aplicar();
    return () => {
      aguardando = 0;
      aplicar();
    };
  }, [quantidade]);
};
