// Reads one NF-e 4.00 file (bare <NFe> or <nfeProc>) into what the import needs: the customer (dest)
// and the receivables (cobr/dup). Pure: no database, no clock. Paths follow leiauteNFe_v4.00.xsd.

import { ehDataIso, normalizarDocumento, validarChaveNfe, validarCnpj, validarCpf } from '@cobranca/dominio';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Endereco } from '../../../db/schema/clientes.ts';
import { excessoNoXml } from './limites-xml.ts';
import { recusarDtd } from './xml-seguro.ts';

export type NotaDuplicata = { numero: string; vencimento: string; valorCentavos: number };
export type NotaDestinatario = {
  documento: string;
  documentoTipo: 'cpf' | 'cnpj' | 'estrangeiro';
  nome: string;
  telefone: string | null;
  email: string | null;
  endereco: Endereco | null;
};
export type NotaFiscal = {
  chave: string;
  numero: string;
  serie: string;
  emissao: string;
  homologacao: boolean;
  emitenteNome: string;
  valorTotalCentavos: number;
  destinatario: NotaDestinatario;
  duplicatas: NotaDuplicata[];
};
export type ProblemaNota = { campo?: string; mensagem: string };
export type LeituraNota = { ok: true; nota: NotaFiscal } | { ok: false; problemas: ProblemaNota[] };

type No = Record<string, unknown>;

const MAX_DUPLICATAS = 120;
const EVENTOS = new Set(['procEventoNFe', 'evento', 'envEvento', 'retEnvEvento', 'procInutNFe']);
const ENCODING_LATIN1_RE = /^(?:iso[-_]?8859-1|latin-?1|l1|windows-1252|cp1252)$/i;
const DECLARACAO_RE = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([^"']*)["']/i;
// TDec_1302 is `0|0.dd|[1-9]d{0,12}(.dd)?`; one decimal digit and leading zeros are tolerated.
const VALOR_RE = /^(\d{1,13})(?:\.(\d{1,2}))?$/;
// dhEmi is TDateTimeUTC (`2018-08-16T16:28:18-03:00`); the date is the one written, in its own offset.
const DATA_HORA_RE = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const ENTIDADE_RE = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;
const ENTIDADES_XML: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

// processEntities is off so no DTD entity can ever expand; the five predefined entities and
// character references still have to become text ("J&amp;J LTDA"), in one non-recursive pass.
const decodificarEntidades = (valor: string): string =>
  valor.replace(ENTIDADE_RE, (original, ref: string) => {
    if (!ref.startsWith('#')) return ENTIDADES_XML[ref] ?? original;
    const codigo = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    const valido = codigo > 0 && codigo <= 0x10ffff && (codigo < 0xd800 || codigo > 0xdfff);
    return valido ? String.fromCodePoint(codigo) : original;
  });

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Strings only: nDup '001' and CPFs with leading zeros must survive.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (nome, _caminho, _folha, ehAtributo) => !ehAtributo && (nome === 'dup' || nome === 'detPag'),
  tagValueProcessor: (_nome, valor) => decodificarEntidades(valor),
  attributeValueProcessor: (_nome, valor) => decodificarEntidades(valor),
});

const decodificadorLatin1 = new TextDecoder('windows-1252');
const decodificadorUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes → text by the XML declaration; UTF-8 that does not decode falls back to windows-1252. */
const decodificarXml = (conteudo: Buffer | string): string => {
  if (typeof conteudo === 'string') return conteudo.replace(/^\uFEFF/, '');
  const temBom = conteudo[0] === 0xef && conteudo[1] === 0xbb && conteudo[2] === 0xbf;
  const bytes = temBom ? conteudo.subarray(3) : conteudo;
  const encoding = DECLARACAO_RE.exec(bytes.subarray(0, 200).toString('latin1'))?.[1]?.trim() ?? '';
  if (ENCODING_LATIN1_RE.test(encoding)) return decodificadorLatin1.decode(bytes);
  try {
    return decodificadorUtf8.decode(bytes);
  } catch {
    // Files re-saved by Windows tools often say UTF-8 but hold Latin-1 bytes.
    return decodificadorLatin1.decode(bytes);
  }
};

const ehNo = (valor: unknown): valor is No =>
  typeof valor === 'object' && valor !== null && !Array.isArray(valor);

const filho = (pai: unknown, nome: string): No | undefined => {
  const valor = ehNo(pai) ? pai[nome] : undefined;
  return ehNo(valor) ? valor : undefined;
};

// A repeated element (an array) reads as absent: the layout allows one.
const texto = (pai: unknown, nome: string): string | undefined => {
  const valor = ehNo(pai) ? pai[nome] : undefined;
  if (typeof valor === 'string') return valor;
  if (ehNo(valor) && typeof valor['#text'] === 'string') return valor['#text'];
  return undefined;
};

const textoPreenchido = (pai: unknown, nome: string): string | undefined =>
  texto(pai, nome)?.trim() || undefined;

const atributo = (no: No, nome: string): string | undefined => {
  const valor = no[`@_${nome}`];
  return typeof valor === 'string' ? valor.trim() : undefined;
};

/** `5780.00` → 578000, by string arithmetic (no float rounding); null when not a TDec_1302. */
const paraCentavos = (valor: string | undefined): number | null => {
  const partes = VALOR_RE.exec(valor?.trim() ?? '');
  if (!partes) return null;
  return Number(partes[1]) * 100 + Number((partes[2] ?? '').padEnd(2, '0'));
};

const falha = (problemas: ProblemaNota[]): LeituraNota => ({ ok: false, problemas });

type Documento = { infNFe: No; infProt: No | undefined } | { problema: ProblemaNota };

const localizarInfNfe = (raiz: unknown): Documento => {
  const nomes = ehNo(raiz) ? Object.keys(raiz).filter((k) => !k.startsWith('?') && !k.startsWith('#')) : [];
  const [nome] = nomes;
  if (nomes.length !== 1 || nome === undefined)
    return { problema: { mensagem: 'O arquivo não é uma NF-e.' } };
  if (EVENTOS.has(nome)) {
    const mensagem = `O arquivo é um evento da NF-e (<${nome}>), não uma nota; não importado.`;
    return { problema: { mensagem } };
  }
  if (nome !== 'nfeProc' && nome !== 'NFe') {
    return { problema: { mensagem: `O arquivo não é uma NF-e (elemento raiz <${nome}>).` } };
  }
  const proc = nome === 'nfeProc' ? filho(raiz, 'nfeProc') : undefined;
  const infNFe = filho(nome === 'nfeProc' ? filho(proc, 'NFe') : filho(raiz, 'NFe'), 'infNFe');
  if (!infNFe) return { problema: { mensagem: 'O arquivo não é uma NF-e (falta o grupo infNFe).' } };
  const protNFe = proc?.protNFe;
  const infProt = filho(protNFe, 'infProt');
  if (protNFe !== undefined && !infProt) {
    return { problema: { campo: 'protNFe', mensagem: 'Protocolo de autorização (protNFe) sem infProt.' } };
  }
  return { infNFe, infProt };
};

const lerChave = (infNFe: No, problemas: ProblemaNota[]): string | undefined => {
  const id = atributo(infNFe, 'Id') ?? '';
  const chave = id.startsWith('NFe') ? id.slice(3) : id;
  if (validarChaveNfe(chave)) return chave;
  const mensagem = `Chave de acesso inválida (${chave || 'ausente'}): formato ou dígito verificador não confere.`;
  problemas.push({ campo: 'chave', mensagem });
  return undefined;
};

// Only cStat 100/150 mean "authorised"; anything else (101 cancelled, 110/301/302 denied) is refused.
const problemaProtocolo = (infProt: No, chave: string | undefined): ProblemaNota | undefined => {
  const cStat = textoPreenchido(infProt, 'cStat');
  if (cStat !== '100' && cStat !== '150') {
    const motivo = textoPreenchido(infProt, 'xMotivo');
    const mensagem = `Nota não autorizada (cStat ${cStat ?? '?'}${motivo ? `: ${motivo}` : ''}); não importada.`;
    return { campo: 'protNFe', mensagem };
  }
  const chNFe = textoPreenchido(infProt, 'chNFe');
  if (chave !== undefined && chNFe !== chave) {
    const mensagem = `O protocolo de autorização é de outra nota (chNFe ${chNFe ?? 'ausente'}); não importada.`;
    return { campo: 'chave', mensagem };
  }
  return undefined;
};

const obrigatorio = (
  pai: unknown,
  nome: string,
  mensagem: string,
  problemas: ProblemaNota[],
): string | undefined => {
  const valor = textoPreenchido(pai, nome);
  if (valor === undefined) problemas.push({ campo: nome, mensagem });
  return valor;
};

const lerEmissao = (ide: No | undefined, problemas: ProblemaNota[]): string | undefined => {
  const dhEmi = textoPreenchido(ide, 'dhEmi');
  const data = DATA_HORA_RE.exec(dhEmi ?? '')?.[1];
  if (data !== undefined && ehDataIso(data)) return data;
  problemas.push({ campo: 'dhEmi', mensagem: `Data de emissão inválida (${dhEmi ?? 'ausente'}).` });
  return undefined;
};

const lerValorTotal = (infNFe: No, problemas: ProblemaNota[]): number | undefined => {
  const vNF = texto(filho(filho(infNFe, 'total'), 'ICMSTot'), 'vNF');
  const centavos = paraCentavos(vNF);
  if (centavos !== null) return centavos;
  problemas.push({ campo: 'vNF', mensagem: `Valor total da nota (vNF) inválido (${vNF ?? 'ausente'}).` });
  return undefined;
};

type DocumentoDestinatario = Pick<NotaDestinatario, 'documento' | 'documentoTipo'>;
const TAGS_DOCUMENTO = ['CNPJ', 'CPF', 'idEstrangeiro'] as const;

const lerDocumentoDestinatario = (dest: No): DocumentoDestinatario | string => {
  const presentes = TAGS_DOCUMENTO.filter((tag) => dest[tag] !== undefined);
  const [tag] = presentes;
  if (tag === undefined) return 'Destinatário sem CNPJ, CPF ou idEstrangeiro.';
  if (presentes.length > 1) return 'Destinatário com mais de um documento (CNPJ, CPF ou idEstrangeiro).';
  const bruto = texto(dest, tag)?.trim() ?? '';
  if (tag === 'idEstrangeiro') {
    if (bruto === '') return 'Destinatário estrangeiro sem identificação (idEstrangeiro vazio).';
    return { documento: bruto, documentoTipo: 'estrangeiro' };
  }
  const documento = normalizarDocumento(bruto);
  const valido = tag === 'CNPJ' ? validarCnpj(documento) : validarCpf(documento);
  if (!valido) return `${tag} do destinatário inválido (${bruto || 'vazio'}).`;
  return { documento, documentoTipo: tag === 'CNPJ' ? 'cnpj' : 'cpf' };
};

const CAMPOS_ENDERECO = [
  ['xLgr', 'logradouro'],
  ['nro', 'numero'],
  ['xCpl', 'complemento'],
  ['xBairro', 'bairro'],
  ['xMun', 'municipio'],
  ['UF', 'uf'],
  ['CEP', 'cep'],
] as const satisfies ReadonlyArray<readonly [string, keyof Endereco]>;

const lerEndereco = (enderDest: No | undefined): Endereco | null => {
  const endereco: Endereco = {};
  for (const [tag, campo] of CAMPOS_ENDERECO) {
    const valor = textoPreenchido(enderDest, tag);
    if (valor !== undefined) endereco[campo] = valor;
  }
  return Object.keys(endereco).length > 0 ? endereco : null;
};

const lerDestinatario = (infNFe: No, problemas: ProblemaNota[]): NotaDestinatario | undefined => {
  const dest = filho(infNFe, 'dest');
  if (!dest) {
    problemas.push({ campo: 'dest', mensagem: 'Nota sem destinatário (dest); não há de quem cobrar.' });
    return undefined;
  }
  const documento = lerDocumentoDestinatario(dest);
  if (typeof documento === 'string') problemas.push({ campo: 'dest', mensagem: documento });
  const nome = textoPreenchido(dest, 'xNome');
  if (nome === undefined) problemas.push({ campo: 'dest', mensagem: 'Destinatário sem nome (xNome).' });
  if (typeof documento === 'string' || nome === undefined) return undefined;
  const enderDest = filho(dest, 'enderDest');
  // fone is DDD + number without 55, as written; the country code is the caller's decision.
  const telefone = texto(enderDest, 'fone')?.replace(/\D/g, '') || null;
  // Only dest/email: infRespTec also has an <email>, the software house's.
  const email = textoPreenchido(dest, 'email') ?? null;
  return { ...documento, nome, telefone, email, endereco: lerEndereco(enderDest) };
};

const lerDuplicata = (
  item: unknown,
  posicao: number,
  emissao: string | undefined,
  problemas: ProblemaNota[],
): NotaDuplicata | undefined => {
  const numero = textoPreenchido(item, 'nDup') ?? String(posicao).padStart(3, '0');
  const rotulo = `Duplicata ${numero}`;
  const dVenc = textoPreenchido(item, 'dVenc');
  const vDup = textoPreenchido(item, 'vDup');
  const valorCentavos = paraCentavos(vDup);
  let ok = true;
  if (dVenc !== undefined && !ehDataIso(dVenc)) {
    problemas.push({ campo: 'dup', mensagem: `${rotulo}: vencimento inválido (${dVenc}).` });
    ok = false;
  }
  if (valorCentavos === null || valorCentavos <= 0) {
    const mensagem = `${rotulo}: valor inválido (${vDup ?? 'ausente'}); deve ser maior que zero.`;
    problemas.push({ campo: 'dup', mensagem });
    ok = false;
  }
  const vencimento = dVenc ?? emissao;
  if (!ok || valorCentavos === null || vencimento === undefined) return undefined;
  return { numero, vencimento, valorCentavos };
};

const lerDuplicatas = (
  infNFe: No,
  emissao: string | undefined,
  valorTotal: number | undefined,
  problemas: ProblemaNota[],
): NotaDuplicata[] => {
  const dups = filho(infNFe, 'cobr')?.dup;
  const itens: unknown[] = Array.isArray(dups) ? dups : [];
  if (itens.length === 0) return duplicataUnica(emissao, valorTotal, problemas);
  if (itens.length > MAX_DUPLICATAS) {
    const mensagem = `A nota tem ${itens.length} duplicatas; o layout permite no máximo ${MAX_DUPLICATAS}.`;
    problemas.push({ campo: 'dup', mensagem });
    return [];
  }
  const duplicatas: NotaDuplicata[] = [];
  const numeros = new Set<string>();
  itens.forEach((item, i) => {
    const duplicata = lerDuplicata(item, i + 1, emissao, problemas);
    if (!duplicata) return;
    if (numeros.has(duplicata.numero)) {
      const mensagem = `Duplicata ${duplicata.numero} aparece mais de uma vez na nota.`;
      problemas.push({ campo: 'dup', mensagem });
    }
    numeros.add(duplicata.numero);
    duplicatas.push(duplicata);
  });
  return duplicatas;
};

// No <cobr>/<dup>: the whole note is one receivable due on the emission date.
const duplicataUnica = (
  emissao: string | undefined,
  valorTotal: number | undefined,
  problemas: ProblemaNota[],
): NotaDuplicata[] => {
  if (valorTotal === 0) {
    problemas.push({ campo: 'vNF', mensagem: 'Nota de valor zero e sem duplicatas; não há o que cobrar.' });
  }
  if (emissao === undefined || valorTotal === undefined || valorTotal === 0) return [];
  return [{ numero: '1', vencimento: emissao, valorCentavos: valorTotal }];
};

const problemaVersao = (infNFe: No): ProblemaNota | undefined => {
  const versao = atributo(infNFe, 'versao');
  if (versao === '4.00') return undefined;
  return {
    campo: 'versao',
    mensagem: `Versão do layout não suportada (${versao || 'sem versão'}); use NF-e 4.00.`,
  };
};

const interpretarInfNfe = (infNFe: No, infProt: No | undefined): LeituraNota => {
  const problemas: ProblemaNota[] = [];
  const chave = lerChave(infNFe, problemas);
  const problemaProt = infProt ? problemaProtocolo(infProt, chave) : undefined;
  // A cancelled or denied note is refused for that reason alone; its other fields do not matter.
  if (problemaProt) return falha([problemaProt]);
  const ide = filho(infNFe, 'ide');
  const numero = obrigatorio(ide, 'nNF', 'Número da nota (nNF) ausente.', problemas);
  const serie = obrigatorio(ide, 'serie', 'Série da nota ausente.', problemas);
  const emissao = lerEmissao(ide, problemas);
  const emitenteNome = obrigatorio(filho(infNFe, 'emit'), 'xNome', 'Emitente sem nome (xNome).', problemas);
  const valorTotalCentavos = lerValorTotal(infNFe, problemas);
  const destinatario = lerDestinatario(infNFe, problemas);
  const duplicatas = lerDuplicatas(infNFe, emissao, valorTotalCentavos, problemas);
  if (problemas.length > 0) return falha(problemas);
  if (
    chave === undefined ||
    numero === undefined ||
    serie === undefined ||
    emissao === undefined ||
    emitenteNome === undefined ||
    valorTotalCentavos === undefined ||
    destinatario === undefined
  ) {
    return falha([{ mensagem: 'Nota incompleta.' }]);
  }
  const homologacao = textoPreenchido(ide, 'tpAmb') === '2';
  const nota = { chave, numero, serie, emissao, homologacao, emitenteNome, valorTotalCentavos };
  return { ok: true, nota: { ...nota, destinatario, duplicatas } };
};

const interpretarXml = (xml: string): unknown => {
  if (XMLValidator.validate(xml) !== true) return undefined;
  try {
    return parser.parse(xml) as unknown;
  } catch {
    // The validator does not bound nesting depth; the parser does (maxNestedTags).
    return undefined;
  }
};

/**
 * Parses one NF-e file (bare <NFe> or <nfeProc>). Throws ArquivoHostilError on a DTD (see recusarDtd);
 * any other bad content gives ok:false with pt-BR problems.
 */
export const lerNotaFiscal = (arquivo: string, conteudo: Buffer | string): LeituraNota => {
  const xml = decodificarXml(conteudo);
  recusarDtd(arquivo, xml);
  // Before the parser, whose cost a crafted file can blow up (see LIMITES_XML).
  const excesso = excessoNoXml(xml);
  if (excesso) return falha([{ mensagem: excesso }]);
  const raiz = interpretarXml(xml);
  if (raiz === undefined) return falha([{ mensagem: 'O arquivo não é um XML válido.' }]);
  const documento = localizarInfNfe(raiz);
  if ('problema' in documento) return falha([documento.problema]);
  // Other layouts place fields elsewhere: nothing else is read from them.
  const versao = problemaVersao(documento.infNFe);
  if (versao) return falha([versao]);
  return interpretarInfNfe(documento.infNFe, documento.infProt);
};
