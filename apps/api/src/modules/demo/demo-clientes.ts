import { gerarCnpj, gerarCpf } from '@cobranca/dominio';
import { DDDS, DOMINIOS_EMAIL, EMPRESAS, PRIMEIROS_NOMES, SOBRENOMES } from './demo-data.ts';
import type { Sorteio } from './prng.ts';

/** The customer's situation in the demo: a status of docs/produto.md §3, plus the "com falhas" case. */
export type Perfil =
  | 'ativo'
  | 'com_falhas'
  | 'aguardando_atendimento'
  | 'em_atendimento'
  | 'pausado'
  | 'concluido';

export type Identidade = {
  nome: string;
  documento: string;
  documentoTipo: 'cpf' | 'cnpj';
  telefone: string;
  email: string;
};

export type ClienteDemo = Identidade & { perfil: Perfil; operadorId: number | null };

const repetir = (perfil: Perfil, vezes: number): Perfil[] => Array.from({ length: vezes }, () => perfil);

// 19 customers per operator, every status represented; plus 3 unassigned ones in the queue.
const PERFIS_POR_OPERADOR: readonly Perfil[] = [
  ...repetir('ativo', 7),
  ...repetir('com_falhas', 2),
  ...repetir('aguardando_atendimento', 3),
  ...repetir('em_atendimento', 3),
  ...repetir('pausado', 2),
  ...repetir('concluido', 2),
];
const AGUARDANDO_SEM_OPERADOR = 3;

const slug = (texto: string): string =>
  texto
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const telefoneCelular = (s: Sorteio): string => {
  // Brazilian mobiles: 9 + eight digits, the first of which is 6–9 in practice.
  const assinante = `${s.inteiro(6, 9)}${String(s.inteiro(0, 9_999_999)).padStart(7, '0')}`;
  return `+55${s.escolher(DDDS)}9${assinante}`;
};

const nomePessoa = (s: Sorteio): string => {
  const sobrenomes = s.chance(0.5)
    ? [s.escolher(SOBRENOMES), s.escolher(SOBRENOMES)]
    : [s.escolher(SOBRENOMES)];
  return [s.escolher(PRIMEIROS_NOMES), ...new Set(sobrenomes)].join(' ');
};

const emailPessoa = (s: Sorteio, nome: string): string => {
  const partes = nome.split(' ');
  const local = `${slug(partes[0] ?? '')}.${slug(partes.at(-1) ?? '')}`;
  const sufixo = s.chance(0.4) ? String(s.inteiro(2, 99)) : '';
  return `${local}${sufixo}@${s.escolher(DOMINIOS_EMAIL)}`;
};

const emailEmpresa = (nome: string): string =>
  `financeiro@${slug(nome.replace(/ (Ltda|ME)$/, ''))}.example.com`;

const gerarIdentidade = (s: Sorteio, empresas: string[]): Identidade => {
  const empresa = s.chance(0.35) ? empresas.shift() : undefined;
  if (empresa)
    return {
      nome: empresa,
      documento: gerarCnpj(s.random),
      documentoTipo: 'cnpj',
      telefone: telefoneCelular(s),
      email: emailEmpresa(empresa),
    };
  const nome = nomePessoa(s);
  return {
    nome,
    documento: gerarCpf(s.random),
    documentoTipo: 'cpf',
    telefone: telefoneCelular(s),
    email: emailPessoa(s, nome),
  };
};

/** `quantidade` distinct fictitious customers (unique name, document, phone, e-mail), valid CPF/CNPJ. */
export const gerarIdentidades = (s: Sorteio, quantidade: number): Identidade[] => {
  const empresas = s.embaralhar(EMPRESAS);
  const usados = new Set<string>();
  const identidades: Identidade[] = [];
  while (identidades.length < quantidade) {
    const identidade = gerarIdentidade(s, empresas);
    const chaves = [identidade.nome, identidade.documento, identidade.telefone, identidade.email];
    if (chaves.some((chave) => usados.has(chave))) continue;
    for (const chave of chaves) usados.add(chave);
    identidades.push(identidade);
  }
  return identidades;
};

/** Spreads the profiles over the operators (plus the unassigned queue) in a shuffled order. */
export const distribuirClientes = (s: Sorteio, operadorIds: readonly number[]): ClienteDemo[] => {
  const perfis = [
    ...operadorIds.flatMap((operadorId) => PERFIS_POR_OPERADOR.map((perfil) => ({ perfil, operadorId }))),
    ...Array.from({ length: AGUARDANDO_SEM_OPERADOR }, () => ({
      perfil: 'aguardando_atendimento' as const,
      operadorId: null,
    })),
  ];
  const identidades = gerarIdentidades(s, perfis.length);
  return s.embaralhar(perfis).map((perfil, i) => ({ ...(identidades[i] as Identidade), ...perfil }));
};
