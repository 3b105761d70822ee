import type { Database } from '../../db/client.ts';
import type { AoOuvir } from '../../db/ouvinte-postgres.ts';

/** The channel the triggers of db/gatilhos/eventos-ao-vivo.sql notify (docs/produto.md §5 "Ao vivo"). */
export const CANAL_EVENTOS = 'cobranca_eventos';

/** What one notification says: these customers (with their operator) changed, or anything may have. */
export type Aviso = { todos: true } | { clientes: [id: number, operadorId: number | null][] };

/** What a subscriber is sent: the customers it may see that changed, or "refresh everything". */
export type Lote = { todos: true } | { clientes: number[] };

/** Who hears what: an operator only the customers that are (or just stopped being) theirs. */
export type Filtro = (operadorId: number | null) => boolean;

const ehPar = (valor: unknown): valor is [number, number | null] =>
  Array.isArray(valor) && Number.isInteger(valor[0]) && (valor[1] === null || Number.isInteger(valor[1]));

/** The triggers' payload; anything else (never expected) is read as "refresh everything". */
export const lerAviso = (payload: string): Aviso => {
  try {
    const valor: unknown = JSON.parse(payload);
    if (valor && typeof valor === 'object' && 'clientes' in valor && Array.isArray(valor.clientes))
      if (valor.clientes.every(ehPar)) return { clientes: valor.clientes };
  } catch {
    // fall through
  }
  return { todos: true };
};

type Assinante = { filtro: Filtro; enviar: (lote: Lote) => void; pendente: Set<number> | 'todos' | null };

/**
 * One LISTEN per process, shared by every open stream. Each subscriber's changes are gathered for a
 * short while and sent as one batch: a burst of writes (a payment touches five tables) becomes one
 * refresh in the browser, not five.
 */
export class TransmissaoEventos {
  private readonly assinantes = new Set<Assinante>();
  private parar: Promise<() => Promise<void>> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly agruparMs = 100,
  ) {}

  /** Starts listening with the first subscriber; the answer unsubscribes. */
  async assinar(filtro: Filtro, enviar: (lote: Lote) => void): Promise<() => void> {
    const assinante: Assinante = { filtro, enviar, pendente: null };
    this.parar ??= this.database.ouvir(CANAL_EVENTOS, this.aoOuvir);
    try {
      await this.parar;
    } catch (error) {
      this.parar = null;
      throw error;
    }
    this.assinantes.add(assinante);
    return () => this.assinantes.delete(assinante);
  }

  async fechar() {
    if (this.timer) clearTimeout(this.timer);
    this.assinantes.clear();
    const parar = this.parar;
    this.parar = null;
    if (parar) await (await parar)();
  }

  private readonly aoOuvir: AoOuvir = (recebido) => {
    const aviso: Aviso = 'perdidos' in recebido ? { todos: true } : lerAviso(recebido.payload);
    for (const assinante of this.assinantes) {
      if ('todos' in aviso) {
        assinante.pendente = 'todos';
        continue;
      }
      for (const [id, operadorId] of aviso.clientes) {
        if (!assinante.filtro(operadorId) || assinante.pendente === 'todos') continue;
        assinante.pendente ??= new Set();
        assinante.pendente.add(id);
      }
    }
    this.timer ??= setTimeout(this.despachar, this.agruparMs);
  };

  private readonly despachar = () => {
    this.timer = null;
    for (const assinante of this.assinantes) {
      const { pendente } = assinante;
      if (pendente === null) continue;
      assinante.pendente = null;
      assinante.enviar(pendente === 'todos' ? { todos: true } : { clientes: [...pendente] });
    }
  };
}
