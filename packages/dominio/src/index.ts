export * from './acordo.ts';
export * from './calendario.ts';
export * from './chave-nfe.ts';
export * from './datas.ts';
export * from './dinheiro.ts';
export * from './documentos.ts';
export * from './encargos.ts';
export * from './texto.ts';
