import { z } from 'zod';

// Default zod messages in Portuguese for anything a schema does not word itself.
z.config(z.locales.pt());

export * from './admin.ts';
export * from './auth.ts';
export * from './canais.ts';
export * from './common.ts';
export * from './comprovantes.ts';
export * from './conciliacao.ts';
export * from './configuracoes.ts';
export * from './debito-automatico.ts';
export * from './domain.ts';
export * from './erros.ts';
export * from './etiquetas.ts';
export * from './exportacoes.ts';
export * from './health.ts';
export * from './idempotency.ts';
export * from './importacoes.ts';
export * from './linha-do-tempo.ts';
export * from './mensagens.ts';
export * from './operador.ts';
export * from './pix.ts';
export * from './portal.ts';
export * from './respostas-rapidas.ts';
export * from './roles.ts';
export * from './super-admin.ts';
export * from './template-text.ts';
export * from './usuarios.ts';
export * from './visao-gestor.ts';
