import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventosDaNotificacao, notificacaoWhatsapp } from './payload.ts';

const fixture = (nome: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../../test/fixtures/whatsapp/${nome}`, import.meta.url), 'utf8'));
const eventos = (corpo: unknown) => eventosDaNotificacao(notificacaoWhatsapp.parse(corpo));

const PHONE_ID = '106540352242922';
const metadata = { display_phone_number: '5511940028922', phone_number_id: PHONE_ID };
const envelope = (...values: object[]) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: '102290129340398', changes: values.map((value) => ({ field: 'messages', value })) }],
});
const msg = (extra: object) => ({ from: '5511987654321', id: 'wamid.X', timestamp: '1788181200', ...extra });

describe('eventosDaNotificacao with the fixtures', () => {
  it('reads an inbound text with its escaped ç, the sender as E.164 and the send time', () => {
    expect(eventos(fixture('inbound-text.json'))).toEqual({
      eventos: [
        {
          tipo: 'mensagem',
          phoneNumberId: PHONE_ID,
          telefone: '+5511987654321',
          canalMensagemId: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFDNBRjQ1QjE5QzJEOEU3NkEwMUJCAA==',
          conteudo: 'Oi, recebi a cobrança da duplicata 001. Posso pagar na sexta-feira?',
          recebidaEm: new Date(1788181200 * 1000),
        },
      ],
      ignorados: [],
    });
  });

  it('reads a delivered status', () => {
    expect(eventos(fixture('status-delivered.json')).eventos).toEqual([
      {
        tipo: 'status',
        phoneNumberId: PHONE_ID,
        canalMensagemId: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjdDNUE4RjE2QjlFMjA0QzNEMQA=',
        status: 'entregue',
        instante: new Date(1788177642 * 1000),
      },
    ]);
  });

  it('reads a failed status with the error code and its details', () => {
    expect(eventos(fixture('status-failed-131047.json')).eventos).toEqual([
      expect.objectContaining({
        status: 'falhou',
        erroCodigo: '131047',
        erroMensagem:
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      }),
    ]);
  });
});

describe('eventosDaNotificacao', () => {
  it('takes the text of a template quick-reply button and of interactive replies', () => {
    const corpo = envelope({
      metadata,
      messages: [
        msg({ id: 'a', type: 'button', button: { payload: 'PAGAR', text: 'Quero pagar' } }),
        msg({
          id: 'b',
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: '1', title: 'Sim' } },
        }),
        msg({
          id: 'c',
          type: 'interactive',
          interactive: { type: 'list_reply', list_reply: { id: '2', title: 'Boleto' } },
        }),
      ],
    });
    expect(eventos(corpo).eventos.map((e) => e.tipo === 'mensagem' && e.conteudo)).toEqual([
      'Quero pagar',
      'Sim',
      'Boleto',
    ]);
  });

  it('shows a placeholder for media and unknown types', () => {
    const corpo = envelope({
      metadata,
      messages: [
        msg({ id: 'a', type: 'image', image: { id: 'm1', mime_type: 'image/jpeg' } }),
        msg({ id: 'b', type: 'audio', audio: { id: 'm2' } }),
        msg({ id: 'c', type: 'unsupported', errors: [{ code: 131051 }] }),
        msg({ id: 'd', type: 'holograma' }),
      ],
    });
    expect(eventos(corpo).eventos.map((e) => e.tipo === 'mensagem' && e.conteudo)).toEqual([
      '[imagem recebida]',
      '[áudio recebido]',
      '[mensagem de tipo não suportado recebida]',
      '[mensagem de tipo não suportado recebida]',
    ]);
  });

  it('walks every entry, change, message and status of a batched notification, in order', () => {
    const corpo = {
      object: 'whatsapp_business_account',
      entry: [
        envelope({ metadata, messages: [msg({ id: 'm1', type: 'text', text: { body: 'um' } })] }).entry[0],
        {
          id: 'outra',
          changes: [
            {
              field: 'messages',
              value: {
                metadata,
                statuses: [
                  { id: 's1', status: 'sent', timestamp: '1788181201', recipient_id: '5511987654321' },
                  { id: 's2', status: 'read', timestamp: '1788181202', recipient_id: '5511987654321' },
                ],
                messages: [msg({ id: 'm2', type: 'text', text: { body: 'dois' } })],
              },
            },
          ],
        },
      ],
    };
    expect(eventos(corpo).eventos.map((e) => [e.tipo, e.canalMensagemId])).toEqual([
      ['mensagem', 'm1'],
      ['mensagem', 'm2'],
      ['status', 's1'],
      ['status', 's2'],
    ]);
  });

  it('skips, with a reason for the log, what it cannot use and keeps the rest of the batch', () => {
    const corpo = envelope({
      metadata,
      messages: [
        { id: 'sem-from', timestamp: '1788181200', type: 'text', text: { body: 'oi' }, user_id: 'BR.123' },
        msg({ id: 'from-estranho', from: 'BR.abc', type: 'text', text: { body: 'oi' } }),
        { type: 'text' },
        msg({ id: 'boa', type: 'text', text: { body: 'oi' }, campo_novo: { x: 1 } }),
      ],
      statuses: [{ id: 's1', status: 'deleted', timestamp: '1788181200' }, { status: 'read' }],
    });
    const { eventos: lidos, ignorados } = eventos({
      ...corpo,
      entry: [...corpo.entry, { id: 'x', changes: [{ field: 'account_update', value: { event: 'X' } }] }],
    });
    expect(lidos.map((e) => e.canalMensagemId)).toEqual(['boa']);
    expect(ignorados).toEqual([
      'mensagem sem-from sem número de telefone (from): ignorada',
      'mensagem from-estranho com from fora do formato de telefone: ignorada',
      'mensagem ilegível ignorada',
      'status "deleted" de s1: ignorado',
      'status ilegível ignorado',
      'mudança "account_update" ignorada',
    ]);
    expect(ignorados.join(' ')).not.toMatch(/5511987654321|oi/);
  });

  it('reads our message id from biz_opaque_callback_data, and nothing from someone else’s', () => {
    const status = (biz_opaque_callback_data: string) => ({
      id: 'wamid.S',
      status: 'sent',
      timestamp: '1788181200',
      biz_opaque_callback_data,
    });
    const [nossa, alheia] = eventos(
      envelope({ metadata, statuses: [status('msg:77'), status('pedido-9')] }),
    ).eventos;
    expect(nossa).toMatchObject({ tipo: 'status', canalMensagemId: 'wamid.S', mensagemId: 77 });
    expect(alheia).not.toHaveProperty('mensagemId');
  });

  it('keeps a missing phone_number_id as null (the route ignores it)', () => {
    const corpo = envelope({ messages: [msg({ type: 'text', text: { body: 'oi' } })] });
    expect(eventos(corpo).eventos[0]?.phoneNumberId).toBeNull();
  });

  it('rejects what is not a notification at all', () => {
    expect(notificacaoWhatsapp.safeParse({ hello: 'world' }).success).toBe(false);
    expect(notificacaoWhatsapp.safeParse([]).success).toBe(false);
  });
});
