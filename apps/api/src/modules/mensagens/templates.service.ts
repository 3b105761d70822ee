import {
  avisosCdc,
  TEMPLATE_TIPOS,
  type TemplateBody,
  type TemplateTipo,
  type TemplateView,
  templateErrors,
} from '@cobranca/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { ErroDominio, VALIDATION_MESSAGE } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { DEFAULT_TEMPLATES } from './default-templates.ts';
import { templatePadrao, textosDoTemplate } from './template-canal.ts';
import {
  buscarTemplate,
  estatisticasPorTipo,
  listarTemplatesSalvos,
  type TemplateEstatisticas,
  type TemplateRow,
  upsertTemplate,
} from './templates.repository.ts';

const IDIOMA_PADRAO = 'pt_BR';

/** A type never saved reads as its shipped default text. */
const templateView = (
  tipo: TemplateTipo,
  row: TemplateRow | undefined,
  estatisticas: TemplateEstatisticas,
): TemplateView => {
  const texto = row?.texto ?? DEFAULT_TEMPLATES[tipo];
  const textos = textosDoTemplate(tipo, row ?? templatePadrao(tipo));
  return {
    tipo,
    texto,
    whatsapp_template_nome: row?.whatsappTemplateNome ?? null,
    whatsapp_idioma: row?.whatsappIdioma ?? IDIOMA_PADRAO,
    email_assunto: textos.email_assunto,
    email_texto: textos.email_texto,
    sms_texto: textos.sms,
    updated_at: row?.updatedAt.toISOString() ?? null,
    avisos: [
      ...new Set([textos.whatsapp, textos.email_assunto, textos.email_texto, textos.sms].flatMap(avisosCdc)),
    ],
    estatisticas,
  };
};

/** The rules of every channel's text, each error under the field it is about. */
const errosPorCampo = (tipo: TemplateTipo, body: TemplateBody): Record<string, string[]> => {
  const campos: [string, string | null | undefined][] = [
    ['texto', body.texto],
    ['email_texto', body.email_texto],
    ['sms_texto', body.sms_texto],
  ];
  const erros: Record<string, string[]> = {};
  for (const [campo, valor] of campos) {
    const lista = valor ? templateErrors(tipo, valor) : [];
    if (lista.length > 0) erros[campo] = lista;
  }
  // The subject only has to use known placeholders: the body identifies the creditor.
  const assunto = body.email_assunto ? templateErrors('agradecimento', body.email_assunto) : [];
  if (assunto.length > 0) erros.email_assunto = assunto;
  return erros;
};

/** An omitted field keeps what was stored; null goes back to the default text. */
const novoOuAntigo = <T>(novo: T | undefined, antigo: T | null | undefined): T | null =>
  novo === undefined ? (antigo ?? null) : novo;

/** All five types, each with its CDC warnings and its figures. */
export const listarTemplates = async (db: DbOrTx): Promise<Record<TemplateTipo, TemplateView>> => {
  const { fuso_horario } = await buscarSistemaSettings(db);
  const [rows, estatisticas] = await Promise.all([
    listarTemplatesSalvos(db),
    estatisticasPorTipo(db, fuso_horario),
  ]);
  const entradas = TEMPLATE_TIPOS.map(
    (tipo) =>
      [
        tipo,
        templateView(
          tipo,
          rows.find((r) => r.tipo === tipo),
          estatisticas[tipo],
        ),
      ] as const,
  );
  return Object.fromEntries(entradas) as Record<TemplateTipo, TemplateView>;
};

/** Saves a template after the placeholder and creditor-identification rules; wording warnings do not block. */
export const salvarTemplate = async (
  db: DbOrTx,
  tipo: TemplateTipo,
  body: TemplateBody,
  ator: Ator,
): Promise<TemplateView> => {
  const erros = errosPorCampo(tipo, body);
  if (Object.keys(erros).length > 0) throw new ErroDominio('DADOS_INVALIDOS', VALIDATION_MESSAGE, erros);
  const row = await db.transaction(async (tx) => {
    const antes = await buscarTemplate(tx, tipo, { forUpdate: true });
    const salvo = await upsertTemplate(tx, {
      tipo,
      texto: body.texto,
      // Omitted fields keep what was stored; null clears the approved-template name.
      whatsappTemplateNome:
        body.whatsapp_template_nome === undefined
          ? (antes?.whatsappTemplateNome ?? null)
          : body.whatsapp_template_nome,
      whatsappIdioma: body.whatsapp_idioma ?? antes?.whatsappIdioma ?? IDIOMA_PADRAO,
      emailAssunto: novoOuAntigo(body.email_assunto, antes?.emailAssunto),
      emailTexto: novoOuAntigo(body.email_texto, antes?.emailTexto),
      smsTexto: novoOuAntigo(body.sms_texto, antes?.smsTexto),
      updatedBy: ator.usuarioId,
    });
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'template.alterado',
      descricao: `Template de mensagem "${tipo}" alterado`,
      entidade: 'mensagem_template',
      entidadeId: tipo,
      detalhes: {
        tipo,
        texto_anterior: antes?.texto ?? DEFAULT_TEMPLATES[tipo],
        avisos: avisosCdc(body.texto),
      },
      ip: ator.ip,
    });
    return salvo;
  });
  const { fuso_horario } = await buscarSistemaSettings(db);
  return templateView(tipo, row, (await estatisticasPorTipo(db, fuso_horario))[tipo]);
};
