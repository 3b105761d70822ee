import { isIPv6 } from 'node:net';
import { contagem } from '@cobranca/dominio';
import { criarContadorFalhas, type LimiteFalhas } from './falhas-login.ts';

// Sign-in limits (docs/decisions/003-sessions-and-rate-limits.md): a guesser is stopped per
// (e-mail, address) and per address, so a lockout no longer follows the e-mail everywhere; only a
// much higher per-e-mail ceiling, against guessing spread over many addresses, applies everywhere.
export type LoginRateLimit = {
  /** Every attempt from one address, refused before any work, on the real (database) clock. */
  perIp: LimiteFalhas;
  /** Failures for one e-mail from one address: a guesser's own budget. */
  failuresPerEmailAndIp: LimiteFalhas;
  /** Failures from one address across e-mails: one address spraying many accounts. */
  failuresPerIp: LimiteFalhas;
  /** Failures for one e-mail from every address: guessing spread over many addresses. */
  failuresPerEmail: LimiteFalhas;
  /** Clock of the failure limits (tests move it). */
  now?: () => number;
};

/**
 * The key an address is counted under: an IPv6 host usually holds a whole /64 (and can pick any
 * address in it), so IPv6 counts per /64; IPv4-mapped IPv6 counts as the IPv4 address.
 */
export const chaveEndereco = (ip: string): string => {
  const endereco = ip.split('%')[0] ?? ip;
  if (!isIPv6(endereco)) return ip;
  const ipv4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(endereco)?.[1];
  if (ipv4) return ipv4;
  const [inicio = '', fim] = endereco.split('::');
  const grupos = (texto: string) => (texto ? texto.split(':') : []);
  // A dotted IPv4 tail fills two groups.
  const tamanho = (lista: string[]) => lista.reduce((n, grupo) => n + (grupo.includes('.') ? 2 : 1), 0);
  const cabeca = grupos(inicio);
  const cauda = fim === undefined ? [] : grupos(fim);
  const zeros = fim === undefined ? [] : Array<string>(8 - tamanho(cabeca) - tamanho(cauda)).fill('0');
  const prefixo = [...cabeca, ...zeros, ...cauda].slice(0, 4);
  return `${prefixo.map((grupo) => Number.parseInt(grupo, 16).toString(16)).join(':')}::/64`;
};

/** The 429 text, with the wait rounded up: seconds under a minute, else minutes. */
export const mensagemEspera = (segundos: number): string => {
  const s = Math.max(1, Math.ceil(segundos));
  const m = Math.ceil(s / 60);
  const quando = s < 60 ? contagem(s, 'segundo', 'segundos') : contagem(m, 'minuto', 'minutos');
  return `Muitas tentativas de login. Tente novamente em ${quando}.`;
};

// A success marks (e-mail, address) as the owner's for 30 days; there the per-e-mail ceiling does not
// apply, so guessing spread over many addresses cannot lock the owner out where they usually sign in.
const CONHECIDO_MS = 30 * 24 * 60 * 60_000;
const MAX_CONHECIDOS = 10_000;

const criarEnderecosConhecidos = (agora: () => number) => {
  // Only right passwords add entries; the oldest sign-in goes first past the cap.
  const ultimoLogin = new Map<string, number>();
  return {
    lembrar: (par: string) => {
      ultimoLogin.delete(par);
      ultimoLogin.set(par, agora());
      for (const antigo of ultimoLogin.keys()) {
        if (ultimoLogin.size <= MAX_CONHECIDOS) break;
        ultimoLogin.delete(antigo);
      }
    },
    conhece: (par: string) => agora() - (ultimoLogin.get(par) ?? Number.NEGATIVE_INFINITY) < CONHECIDO_MS,
  };
};

/** An attempt under way: `sucesso` on a right password, `anular` when the answer is no guess's result. */
export type Tentativa = { sucesso: () => void | Promise<void>; anular: () => void | Promise<void> };

export const criarLimitesLogin = (limites: LoginRateLimit) => {
  const agora = limites.now ?? Date.now;
  const porEmailEIp = criarContadorFalhas(limites.failuresPerEmailAndIp, agora);
  const porIp = criarContadorFalhas(limites.failuresPerIp, agora);
  const porEmail = criarContadorFalhas(limites.failuresPerEmail, agora);
  const conhecidos = criarEnderecosConhecidos(agora);
  return {
    /**
     * The seconds to wait, or an attempt that already counts as a failure: checking and counting in
     * the same tick stops a burst of parallel guesses from all passing the check before any fails.
     */
    iniciar: (email: string, ip: string): Tentativa | { esperaSegundos: number } => {
      const endereco = chaveEndereco(ip);
      const par = `${email} ${endereco}`;
      const esperaSegundos = Math.max(
        porEmailEIp.esperaSegundos(par),
        porIp.esperaSegundos(endereco),
        conhecidos.conhece(par) ? 0 : porEmail.esperaSegundos(email),
      );
      if (esperaSegundos > 0) return { esperaSegundos };
      const desfazer = [
        porEmailEIp.registrarFalha(par),
        porIp.registrarFalha(endereco),
        porEmail.registrarFalha(email),
      ];
      const anular = () => {
        for (const d of desfazer) d();
      };
      return {
        anular,
        sucesso: () => {
          anular();
          conhecidos.lembrar(par);
        },
      };
    },
  };
};
