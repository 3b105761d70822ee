// The agreement arithmetic (split into instalments, discount limit, validation) lives in
// @cobranca/dominio, shared with the web's live preview. These are the names the negociações services
// import; they may import them from '@cobranca/dominio' directly, and then this file goes.
export { calcularAcordo, type EntradaAcordo, type PlanoAcordo, validarAcordo } from '@cobranca/dominio';
