import { describe, expect, it } from 'vitest';
import { classificarErroCloud } from './whatsapp-cloud-erros.ts';

describe('classificarErroCloud', () => {
  it.each([
    // [http, code, transitorio, words the admin must read]
    [401, 190, false, /token de acesso .* inválido ou expirou: gere um novo/],
    [401, 0, false, /token de acesso/],
    [403, 10, false, /não tem permissão .* whatsapp_business_messaging/],
    [403, 200, false, /não tem permissão/],
    [403, 299, false, /não tem permissão/],
    [400, 100, false, /Phone Number ID/],
    [429, 4, true, /Limite de chamadas ou de envios da Meta/],
    [429, 80007, true, /Limite de chamadas ou de envios da Meta/],
    [429, 130429, true, /Limite de chamadas ou de envios da Meta/],
    [429, 131056, true, /Muitas mensagens para este cliente/],
    [400, 131057, true, /manutenção/],
    [400, 131049, true, /limite por usuário/],
    [400, 131048, true, /baixa qualidade/],
    [500, 1, true, /Falha temporária/],
    [500, 2, true, /Falha temporária/],
    [500, 131000, true, /Falha temporária/],
    [503, 131016, true, /Falha temporária/],
    [400, 131026, false, /não entregável/],
    [400, 131047, false, /24 horas .* template aprovado/],
    [400, 131050, false, /optou por não receber mensagens de marketing/],
    [400, 131051, false, /não suportado/],
    [400, 131031, false, /bloqueada ou restringida/],
    [400, 368, false, /bloqueada ou restringida/],
    [400, 132000, false, /número de parâmetros/],
    [400, 132001, false, /Template inexistente .* nome e idioma/],
    [400, 132015, false, /pausado ou desativado/],
    [400, 132016, false, /pausado ou desativado/],
  ])('HTTP %i with code %i: transitorio %s', (status, code, transitorio, mensagem) => {
    const erro = classificarErroCloud(status, { code, error_data: { details: 'detalhe da Meta' } });
    expect(erro).toEqual({ codigo: String(code), mensagem: expect.stringMatching(mensagem), transitorio });
    expect(erro.mensagem).toMatch(new RegExp(`Detalhe da Meta \\(código ${code}\\): detalhe da Meta$`));
  });

  it.each([
    [500, true, /Falha temporária/],
    [502, true, /Falha temporária/],
    [429, true, /Limite de chamadas/],
    [401, false, /token de acesso/],
    [403, false, /não tem permissão/],
    [404, false, /recusou a chamada \(HTTP 404\)/],
  ])('without a code, HTTP %i decides: transitorio %s', (status, transitorio, mensagem) => {
    expect(classificarErroCloud(status)).toEqual({
      codigo: `http_${status}`,
      mensagem: expect.stringMatching(mensagem),
      transitorio,
    });
  });

  it('lets the code win over the HTTP status, and an unknown code fall back to it', () => {
    expect(classificarErroCloud(500, { code: 131026 }).transitorio).toBe(false);
    expect(classificarErroCloud(503, { code: 999_999 })).toMatchObject({
      codigo: '999999',
      transitorio: true,
    });
    expect(classificarErroCloud(400, { code: 999_999 })).toMatchObject({
      codigo: '999999',
      transitorio: false,
    });
  });

  it('prefers error_data.details over the title, and says when there is neither', () => {
    expect(
      classificarErroCloud(400, { code: 100, message: 'título', error_data: { details: 'detalhe' } })
        .mensagem,
    ).toMatch(/: detalhe$/);
    expect(classificarErroCloud(400, { code: 100, message: 'título' }).mensagem).toMatch(/: título$/);
    expect(classificarErroCloud(502).mensagem).toMatch(/\(HTTP 502\): sem detalhes na resposta$/);
  });
});
