/**
 * The `clientes.termo_busca` value: lower-case, accent-free "nome documento", so a trigram search
 * for "joao 5299" finds "João da Silva 52998224725".
 */
export const termoBusca = (nome: string, documento: string): string =>
  `${nome} ${documento}`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
