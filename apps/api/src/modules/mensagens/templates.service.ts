import {
  avisosCdc,
  TEMPLATE_TIPOS,
  type TemplateBody,
  type TemplateTipo,
  type TemplateView,
  templateErrors,
} from '@cobranca/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { ErroDominio, VALIDATION_MESSAGE } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { getSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import type { Actor } from '../usuarios/usuarios.service.ts';
import { DEFAULT_TEMPLATES } from './default-templates.ts';
import {
  estatisticasPorTipo,
  getTemplateRow,
  listTemplateRows,
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
  return {
    tipo,
    texto,
    whatsapp_template_nome: row?.whatsappTemplateNome ?? null,
    whatsapp_idioma: row?.whatsappIdioma ?? IDIOMA_PADRAO,
    updated_at: row?.updatedAt.toISOString() ?? null,
    avisos: avisosCdc(texto),
    estatisticas,
  };
};

/** All five types, each with its CDC warnings and its figures. */
export const listarTemplates = async (db: DbOrTx): Promise<Record<TemplateTipo, TemplateView>> => {
  const { fuso_horario } = await getSistemaSettings(db);
  const [rows, estatisticas] = await Promise.all([
    listTemplateRows(db),
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
  actor: Actor,
): Promise<TemplateView> => {
  const erros = templateErrors(tipo, body.texto);
  if (erros.length > 0) throw new ErroDominio('DADOS_INVALIDOS', VALIDATION_MESSAGE, { texto: erros });
  const row = await db.transaction(async (tx) => {
    const antes = await getTemplateRow(tx, tipo, { forUpdate: true });
    const salvo = await upsertTemplate(tx, {
      tipo,
      texto: body.texto,
      // Omitted fields keep what was stored; null clears the approved-template name.
      whatsappTemplateNome:
        body.whatsapp_template_nome === undefined
          ? (antes?.whatsappTemplateNome ?? null)
          : body.whatsapp_template_nome,
      whatsappIdioma: body.whatsapp_idioma ?? antes?.whatsappIdioma ?? IDIOMA_PADRAO,
      updatedBy: actor.usuarioId,
    });
    await registrarAuditoria(tx, {
      usuarioId: actor.usuarioId,
      acao: 'template.alterado',
      descricao: `Template de mensagem "${tipo}" alterado`,
      entidade: 'mensagem_template',
      entidadeId: tipo,
      detalhes: {
        tipo,
        texto_anterior: antes?.texto ?? DEFAULT_TEMPLATES[tipo],
        avisos: avisosCdc(body.texto),
      },
      ip: actor.ip ?? null,
    });
    return salvo;
  });
  const { fuso_horario } = await getSistemaSettings(db);
  return templateView(tipo, row, (await estatisticasPorTipo(db, fuso_horario))[tipo]);
};
