import { describe, expect, it } from 'vitest';
import { lerEventoZenvia, pedeParaSair } from './zenvia-webhook.ts';

// Bodies shaped as Zenvia posts them (zenvia/zenvia-openapi-spec schemas/events, and the examples of
// zenvia/zenvia-sdk-node test/lib/webhook.spec.ts).
const ID = '7391518c-e719-468c-812a-ab00a8b442e4';

const status = (code: string, extra: Record<string, unknown> = {}) => ({
  id: '65690785-99d3-45a4-8d76-3c04529b795c',
  timestamp: '2026-03-10T15:51:45.896Z',
  type: 'MESSAGE_STATUS',
  subscriptionId: '6a3e7add-258d-4571-b0bd-2bf25c6cd5af',
  channel: 'sms',
  messageId: ID,
  contentIndex: 0,
  message: {
    id: ID,
    externalId: 'msg:42',
    contentIndex: 0,
    direction: 'OUT',
    from: 'cobranca',
    to: '5511987654321',
  },
  messageStatus: {
    timestamp: '2026-03-10T12:51:40-03:00',
    code,
    description: 'The message has been delivered by the provider',
    ...extra,
  },
});

const mo = (text: unknown, extra: Record<string, unknown> = {}) => ({
  id: '3fcdb9f9-a44d-4bb2-944c-84cc104e2e9d',
  timestamp: '2026-03-10T22:50:16.585Z',
  type: 'MESSAGE',
  subscriptionId: '5d0f95c8-2430-4337-8077-df9c5a751354',
  channel: 'sms',
  direction: 'IN',
  message: {
    id: 'b1c2d3e4-0000-4000-8000-000000000001',
    from: '5511987654321',
    to: 'cobranca',
    direction: 'IN',
    channel: 'sms',
    contents: [{ type: 'text', text }],
    timestamp: '2026-03-10T19:50:15-03:00',
    ...extra,
  },
});

const evento = (corpo: unknown) => {
  const lido = lerEventoZenvia(corpo);
  if (lido.resultado !== 'evento') throw new Error(`esperado evento, veio ${JSON.stringify(lido)}`);
  return lido.evento;
};

describe('lerEventoZenvia: MESSAGE_STATUS', () => {
  it('maps SENT to enviada, with the instant of the status and our id from externalId', () => {
    expect(evento(status('SENT'))).toEqual({
      tipo: 'status',
      canalMensagemId: ID,
      status: 'enviada',
      instante: new Date('2026-03-10T15:51:40Z'),
      mensagemId: 42,
    });
  });

  it('maps DELIVERED to entregue', () => {
    expect(evento(status('DELIVERED'))).toMatchObject({ status: 'entregue', canalMensagemId: ID });
  });

  it('maps NOT_DELIVERED to falhou with the cause in pt-BR', () => {
    const causes = [{ channelErrorCode: '007', reason: 'UNDELIVERABLE', details: 'Handset unavailable' }];
    expect(evento(status('NOT_DELIVERED', { causes }))).toMatchObject({
      status: 'falhou',
      erroCodigo: 'NOT_DELIVERED',
      erroMensagem:
        'A operadora não conseguiu entregar o SMS ao celular do cliente (número inexistente, desligado por muito tempo ou sem cobertura). Detalhe da Zenvia, código da operadora 007: Handset unavailable',
    });
  });

  it('maps REJECTED to falhou, falling back to the description without causes', () => {
    expect(
      evento(status('REJECTED', { description: 'The message was rejected by the provider' })),
    ).toMatchObject({
      status: 'falhou',
      erroCodigo: 'REJECTED',
      erroMensagem:
        'A Zenvia ou a operadora recusou o SMS. Detalhe da Zenvia: The message was rejected by the provider',
    });
  });

  it('uses the deprecated messageId when message.id is absent, and no mensagemId without our reference', () => {
    const corpo = { ...status('DELIVERED'), message: undefined };
    expect(evento(corpo)).toEqual({
      tipo: 'status',
      canalMensagemId: ID,
      status: 'entregue',
      instante: new Date('2026-03-10T15:51:40Z'),
    });
  });

  it('ignores the codes SMS does not need (READ, CLICKED, …) and events of other channels', () => {
    for (const code of ['READ', 'CLICKED', 'VERIFIED', 'DELETED', 'UNKNOWN_NEW_CODE'])
      expect(lerEventoZenvia(status(code))).toEqual({
        resultado: 'ignorado',
        motivo: `status "${code}" de ${ID}: ignorado`,
      });
    expect(lerEventoZenvia({ ...status('DELIVERED'), channel: 'whatsapp' }).resultado).toBe('ignorado');
    expect(lerEventoZenvia({ type: 'CONTACT', id: 'x' }).resultado).toBe('ignorado');
  });
});

describe('lerEventoZenvia: MESSAGE (MO)', () => {
  it('reads the answer with the sender in E.164 and the time of the message', () => {
    expect(evento(mo('Paguei ontem, segue o comprovante'))).toEqual({
      tipo: 'entrada',
      canalMensagemId: 'b1c2d3e4-0000-4000-8000-000000000001',
      de: '+5511987654321',
      texto: 'Paguei ontem, segue o comprovante',
      instante: new Date('2026-03-10T22:50:15Z'),
    });
  });

  it('falls back to the event time when the message has none', () => {
    expect(evento(mo('oi', { timestamp: undefined }))).toMatchObject({
      instante: new Date('2026-03-10T22:50:16.585Z'),
    });
  });

  it('ignores our own outgoing messages, senders that are not phones and messages without text', () => {
    expect(lerEventoZenvia(mo('oi', { direction: 'OUT' })).resultado).toBe('ignorado');
    expect(lerEventoZenvia(mo('oi', { from: 'cobranca' })).resultado).toBe('ignorado');
    expect(lerEventoZenvia(mo('')).resultado).toBe('ignorado');
  });
});

describe('lerEventoZenvia: hostile or malformed bodies are rejected, never thrown', () => {
  const grande = 'x'.repeat(100_000);
  const casos: [string, unknown][] = [
    ['null', null],
    ['a string', 'MESSAGE_STATUS'],
    ['an array', [status('SENT')]],
    ['no type', { messageStatus: { code: 'SENT' } }],
    ['type not a string', { ...status('SENT'), type: 7 }],
    ['huge type', { ...status('SENT'), type: grande }],
    ['no messageStatus', { ...status('SENT'), messageStatus: undefined }],
    ['code not a string', status('SENT', { code: 1 })],
    ['code not an identifier', status('<script>')],
    ['status without timestamp', status('SENT', { timestamp: undefined })],
    ['timestamp not a date', status('SENT', { timestamp: 'ontem' })],
    ['no message id anywhere', { ...status('SENT'), messageId: undefined, message: { externalId: 'msg:1' } }],
    ['huge id', { ...status('SENT'), message: { id: grande } }],
    ['id with NUL', { ...status('SENT'), message: { id: 'a\u0000b' } }],
    ['huge cause', status('NOT_DELIVERED', { causes: [{ details: grande }] })],
    ['causes not an array', status('NOT_DELIVERED', { causes: 'x' })],
    ['MO without message', { ...mo('oi'), message: undefined }],
    ['MO text not a string', mo({ $gt: '' })],
    ['MO huge text', mo(grande)],
    ['MO text with NUL', mo('sair\u0000')],
    ['MO without contents', mo('oi', { contents: [] })],
    ['MO from not a string', mo('oi', { from: 5511987654321 })],
    ['MO id missing', mo('oi', { id: undefined })],
    ['MO without any time', { ...mo('oi', { timestamp: undefined }), timestamp: undefined }],
  ];
  it.each(casos)('%s', (_nome, corpo) => {
    expect(lerEventoZenvia(corpo).resultado).toBe('rejeitado');
  });

  it('keeps phone numbers and texts out of the reason it gives', () => {
    const lido = lerEventoZenvia(mo(grande));
    expect(lido.resultado === 'rejeitado' && lido.motivo).not.toMatch(/x{20}|5511987654321/);
  });
});

describe('pedeParaSair', () => {
  it.each([
    'sair',
    'SAIR',
    'Parar.',
    'STOP',
    ' stop! ',
    'Sáir',
    'SAIR por favor',
    'Parar, já paguei',
    '... sair',
    '🙏 PARAR',
  ])('"%s" opts out', (texto) => {
    expect(pedeParaSair(texto)).toBe(true);
  });

  it.each([
    'não quero sair',
    'quero parar de pagar juros',
    'Sairam os boletos?',
    'saindo do trabalho te pago',
    'ok',
    '',
  ])('"%s" is a conversation', (texto) => {
    expect(pedeParaSair(texto)).toBe(false);
  });
});
