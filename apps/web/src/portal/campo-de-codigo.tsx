import { type RefObject, useId } from 'react';

/**
 * A code the customer copies or types into a bank app (PIX copia e cola, a boleto's linha digitável):
 * read-only, monospace, wrapping anywhere so the whole code stays readable on a phone.
 */
export const CampoDeCodigo = ({
  campo,
  rotulo,
  valor,
  linhas,
}: {
  campo: RefObject<HTMLTextAreaElement | null>;
  rotulo: string;
  valor: string;
  linhas: number;
}) => {
  const id = useId();
  return (
    <div className="campo">
      <label htmlFor={id}>{rotulo}</label>
      <textarea ref={campo} id={id} className="codigo" readOnly rows={linhas} value={valor} />
    </div>
  );
};
