import {
  emailDkimBody,
  emailDkimResponse,
  emailSettingsBody,
  emailSettingsView,
  smsSettingsBody,
  smsSettingsView,
  validationErrorResponse,
  verificacaoCanal,
} from '@cobranca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErroDominio, VALIDATION_MESSAGE } from '../../lib/errors.ts';
import { authErrors } from '../../lib/route-schemas.ts';
import { atorDe } from '../../plugins/access.ts';
import { buscarEmailArmazenado } from './email/email-settings.repository.ts';
import { atualizarEmail, emailView, gerarDkim, verificarEmail } from './email/email-settings.service.ts';
import { atualizarSms, buscarSmsView, verificarSms } from './sms/sms-settings.service.ts';

const NUL_NO_CAMPO = 'O texto tem um caractere nulo, que não é aceito.';

/** The fields (`a.b`) whose text holds a NUL: PostgreSQL's jsonb refuses \u0000, which would be a 500. */
const camposComNul = (valor: unknown, caminho: string[] = []): string[] => {
  if (typeof valor === 'string') return valor.includes('\0') ? [caminho.join('.') || 'body'] : [];
  if (valor === null || typeof valor !== 'object') return [];
  return Object.entries(valor).flatMap(([chave, filho]) => camposComNul(filho, [...caminho, chave]));
};

/** E-mail and SMS channel settings, DKIM key and connection checks (docs/produto.md §12; admin group). */
export const canaisConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const tagsEmail = ['email'];
  const tagsSms = ['sms'];
  // No body is read by the checks, but one sent as malformed JSON is still parsed and refused.
  const verificacao = { 200: verificacaoCanal, 422: validationErrorResponse, ...authErrors };

  // plugins/sem-nul.ts covers query strings only; these bodies go whole into a jsonb row.
  app.addHook('preValidation', async (request) => {
    const campos = camposComNul(request.body);
    if (campos.length > 0)
      throw new ErroDominio(
        'DADOS_INVALIDOS',
        VALIDATION_MESSAGE,
        Object.fromEntries(campos.map((campo) => [campo, [NUL_NO_CAMPO]])),
      );
  });

  app.get(
    '/api/admin/configuracoes/email',
    {
      schema: {
        tags: tagsEmail,
        summary: 'Configuração do canal de e-mail (segredos mascarados) e registros DNS',
        response: { 200: emailSettingsView, ...authErrors },
      },
    },
    async () => emailView(app.db, app.appKey, await buscarEmailArmazenado(app.db)),
  );

  app.put(
    '/api/admin/configuracoes/email',
    {
      schema: {
        tags: tagsEmail,
        summary: 'Salvar a configuração do canal de e-mail (segredo omitido mantém o salvo)',
        body: emailSettingsBody,
        response: { 200: emailSettingsView, ...authErrors, 422: validationErrorResponse },
      },
    },
    async (request) =>
      emailView(app.db, app.appKey, await atualizarEmail(app.db, app.appKey, request.body, atorDe(request))),
  );

  app.post(
    '/api/admin/configuracoes/email/dkim',
    {
      schema: {
        tags: tagsEmail,
        summary: 'Gerar uma nova chave DKIM (substitui a salva) e o registro DNS a publicar',
        body: emailDkimBody,
        response: { 200: emailDkimResponse, ...authErrors, 422: validationErrorResponse },
      },
    },
    async (request) => gerarDkim(app.db, app.appKey, request.body, atorDe(request)),
  );

  app.post(
    '/api/admin/configuracoes/email/verificar',
    {
      schema: {
        tags: tagsEmail,
        summary: 'Verificar agora a conexão SMTP e a caixa de entrada',
        response: verificacao,
      },
    },
    async (request) => verificarEmail(app.db, app.appKey, atorDe(request)),
  );

  app.get(
    '/api/admin/configuracoes/sms',
    {
      schema: {
        tags: tagsSms,
        summary: 'Configuração do canal SMS (token mascarado) e a URL do webhook',
        response: { 200: smsSettingsView, ...authErrors },
      },
    },
    async () => buscarSmsView(app.db, app.appKey),
  );

  app.put(
    '/api/admin/configuracoes/sms',
    {
      schema: {
        tags: tagsSms,
        summary: 'Salvar a configuração do canal SMS (token omitido mantém o salvo)',
        body: smsSettingsBody,
        response: { 200: smsSettingsView, ...authErrors, 422: validationErrorResponse },
      },
    },
    async (request) => atualizarSms(app.db, app.appKey, request.body, atorDe(request)),
  );

  app.post(
    '/api/admin/configuracoes/sms/verificar',
    {
      schema: { tags: tagsSms, summary: 'Verificar agora o token da Zenvia', response: verificacao },
    },
    async (request) => verificarSms(app.db, app.appKey, atorDe(request)),
  );
};
