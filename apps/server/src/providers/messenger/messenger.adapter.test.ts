import { describe, expect, it } from 'vitest';
import type { Channel } from '@cartera/db/schema';
import type { ChannelContext } from '../adapter';
import {
  graphRefusal,
  messengerAdapter,
  messengerBodies,
  parseMessengerEnvelope,
} from './messenger.adapter';

const context = (type: 'fb' | 'ig') =>
  ({
    channel: { type, config: { pageId: '111' } } as unknown as Channel,
    secrets: { appSecret: 'app-secret', verifyToken: 'v', pageAccessToken: 't' },
    urls: { metaGraph: 'http://graph.invalid', dialog360: '', twilio: '' },
    webhookUrl: 'https://crm.example.test/api/webhooks/messenger/k',
  }) satisfies ChannelContext;

describe('Messenger: firma del webhook', () => {
  // sha256 HMAC of the body with 'app-secret', computed with `openssl dgst -sha256 -hmac`.
  const body = Buffer.from('{"object":"page","entry":[]}');
  const signature = 'sha256=e6e9d7a842a48e17f43a34d6125d0d933e2aab92ee37f0993a4d493b50e3d438';

  it('acepta la firma de Meta sobre los bytes exactos y rechaza cualquier otra', () => {
    const request = (value: string | undefined, raw = body) => ({
      rawBody: raw,
      headers: value ? { 'x-hub-signature-256': value } : {},
      url: 'https://crm.example.test/x',
    });
    expect(messengerAdapter.verifyWebhook(context('fb'), request(signature))).toBe(true);
    expect(messengerAdapter.verifyWebhook(context('fb'), request(undefined))).toBe(false);
    expect(
      messengerAdapter.verifyWebhook(context('fb'), request(signature.replace('e6', 'e7'))),
    ).toBe(false);
    expect(
      messengerAdapter.verifyWebhook(
        context('fb'),
        request(signature, Buffer.from('{"object":"page","entry":[] }')),
      ),
    ).toBe(false);
  });
});

describe('Messenger: lectura de webhooks', () => {
  const envelope = (object: string, entryId: string, messaging: unknown[]) => ({
    object,
    entry: [{ id: entryId, time: 1, messaging }],
  });

  it('lee textos, varios adjuntos, entregas y lecturas; omite ecos y otras páginas', () => {
    const events = parseMessengerEnvelope(
      envelope('page', '111', [
        { sender: { id: '9' }, timestamp: 1000, message: { mid: 'm1', text: 'hola' } },
        {
          sender: { id: '111' },
          timestamp: 1001,
          message: { mid: 'm2', is_echo: true, text: 'eco' },
        },
        {
          sender: { id: '9' },
          timestamp: 1002,
          message: {
            mid: 'm3',
            attachments: [
              { type: 'image', payload: { url: 'https://cdn.test/a.jpg' } },
              { type: 'file', payload: { url: 'https://cdn.test/b.pdf' } },
              { type: 'location', payload: null },
            ],
          },
        },
        {
          sender: { id: '9' },
          timestamp: 1003,
          delivery: { mids: ['out1', 'out2'], watermark: 5 },
        },
        { sender: { id: '9' }, timestamp: 1004, delivery: { watermark: 1500 } },
        { sender: { id: '9' }, timestamp: 1005, read: { watermark: 1600 } },
      ]),
      'fb',
      '111',
    );
    expect(events).toEqual([
      {
        kind: 'message',
        providerMessageId: 'm1',
        from: { scopedId: '9' },
        at: new Date(1000),
        text: 'hola',
      },
      {
        kind: 'message',
        providerMessageId: 'm3',
        from: { scopedId: '9' },
        at: new Date(1002),
        media: { kind: 'image', url: 'https://cdn.test/a.jpg' },
      },
      {
        kind: 'message',
        providerMessageId: 'm3#1',
        from: { scopedId: '9' },
        at: new Date(1002),
        media: { kind: 'document', url: 'https://cdn.test/b.pdf' },
      },
      {
        kind: 'message',
        providerMessageId: 'm3#2',
        from: { scopedId: '9' },
        at: new Date(1002),
        text: '',
        unsupported: 'location',
      },
      { kind: 'status', providerMessageId: 'out1', status: 'delivered', at: new Date(1003) },
      { kind: 'status', providerMessageId: 'out2', status: 'delivered', at: new Date(1003) },
      {
        kind: 'watermark',
        recipient: { scopedId: '9' },
        status: 'delivered',
        upTo: new Date(1500),
      },
      { kind: 'watermark', recipient: { scopedId: '9' }, status: 'read', upTo: new Date(1600) },
    ]);
    const other = envelope('page', '222', [
      { sender: { id: '9' }, message: { mid: 'x', text: 'y' } },
    ]);
    expect(parseMessengerEnvelope(other, 'fb', '111')).toEqual([]);
  });

  it('un mensaje sin remitente o sin mid no se pierde: queda como ilegible con su motivo', () => {
    const events = parseMessengerEnvelope(
      envelope('page', '111', [
        { timestamp: 1000, message: { mid: 'm9', text: 'sin remitente' } },
        { sender: { id: '9' }, timestamp: 1001, message: { text: 'sin mid' } },
      ]),
      'fb',
      '111',
    );
    expect(events).toEqual([
      { kind: 'unreadable', reason: 'MESSAGE_WITHOUT_SENDER', detail: 'messaging[0] m9' },
      { kind: 'unreadable', reason: 'MESSAGE_WITHOUT_ID', detail: 'messaging[1] from 9' },
    ]);
  });

  it('Instagram lee su propio sobre y el visto por id de mensaje; no el de Messenger', () => {
    const seen = envelope('instagram', '178', [
      { sender: { id: '5' }, timestamp: 2000, read: { mid: 'out9' } },
    ]);
    expect(parseMessengerEnvelope(seen, 'ig', '111')).toEqual([
      { kind: 'status', providerMessageId: 'out9', status: 'read', at: new Date(2000) },
    ]);
    expect(parseMessengerEnvelope(seen, 'fb', '111')).toEqual([]);
    expect(
      parseMessengerEnvelope(
        envelope('page', '111', [{ sender: { id: '5' }, message: { mid: 'a', text: 'b' } }]),
        'ig',
        '111',
      ),
    ).toEqual([]);
  });
});

describe('Messenger: envío y rechazos', () => {
  it('arma el cuerpo de texto y el de un archivo con su texto aparte', () => {
    expect(messengerBodies({ to: '9', text: 'hola' })).toEqual([
      { recipient: { id: '9' }, messaging_type: 'RESPONSE', message: { text: 'hola' } },
    ]);
    expect(
      messengerBodies({
        to: '9',
        media: { kind: 'image', url: 'https://f.test/a.png', mimeType: 'image/png' },
      }),
    ).toEqual([
      {
        recipient: { id: '9' },
        messaging_type: 'RESPONSE',
        message: {
          attachment: {
            type: 'image',
            payload: { url: 'https://f.test/a.png', is_reusable: true },
          },
        },
      },
    ]);
  });

  it('clasifica los errores de Graph', () => {
    const refusal = (status: number, code?: number, subcode?: number) => {
      const error = graphRefusal(status, {
        error: {
          message: 'm',
          ...(code ? { code } : {}),
          ...(subcode ? { error_subcode: subcode } : {}),
        },
      });
      return [error.code, error.retryable, error.providerCode];
    };
    expect(refusal(400, 10, 2018278)).toEqual(['SEND_MESSAGE_ERROR', false, '10/2018278']);
    expect(refusal(401, 190)).toEqual(['CHANNEL_ERROR', false, '190']);
    expect(refusal(403, 10)).toEqual(['CHANNEL_ERROR', false, '10']);
    expect(refusal(400, 230)).toEqual(['CHANNEL_ERROR', false, '230']);
    expect(refusal(400, 100, 2018001)).toEqual(['SEND_MESSAGE_ERROR', false, '100/2018001']);
    expect(refusal(400, 551)).toEqual(['SEND_MESSAGE_ERROR', false, '551']);
    expect(refusal(400, 613)).toEqual(['SEND_MESSAGE_ERROR', true, '613']);
    expect(refusal(401)).toEqual(['CHANNEL_ERROR', false, '401']);
  });
});
