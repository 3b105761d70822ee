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
  const erros = templateErrors(tipo, body.texto);
  if (erros.length > 0) throw new ErroDominio('DADOS_INVALIDOS', VALIDATION_MESSAGE, { texto: erros });
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
