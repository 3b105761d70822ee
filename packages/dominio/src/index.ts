export * from './datas.ts';
export * from './dinheiro.ts';
