export * from './clientes.ts';
export * from './financeiro.ts';
export * from './idempotencia.ts';
export * from './importacoes.ts';
export * from './mensagens.ts';
export * from './pix.ts';
export * from './sistema.ts';
export * from './usuarios.ts';
