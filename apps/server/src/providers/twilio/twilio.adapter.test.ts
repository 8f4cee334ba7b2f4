import { describe, expect, it } from 'vitest';
import type { Channel } from '@cartera/db/schema';
import type { ChannelContext } from '../adapter';
import { parseTwilioForm, twilioAdapter, twilioRefusal, twilioSignature } from './twilio.adapter';

const URL_CALLED = 'https://crm.example.test/api/webhooks/twilio/abcdefghijklmnopqrstuvwx';
const PARAMS: Array<[string, string]> = [
  ['To', '+15550001111'],
  ['From', '+59899111222'],
  ['MessageSid', 'SM123'],
  ['Body', '¡Hola!'],
  ['NumMedia', '0'],
];
/*
 * Computed by hand: the URL followed by the parameters sorted by name, name then value, no
 * separators, HMAC-SHA1 with the auth token, base64:
 *   printf '%s' 'https://crm…/abcdefghijklmnopqrstuvwxBody¡Hola!From+59899111222MessageSidSM123NumMedia0To+15550001111' \
 *     | openssl dgst -sha1 -hmac 'twilio-auth-token' -binary | base64
 */
const SIGNATURE = 'AzGs2McKzE6WJgihOlIeHq3aREQ=';

const context = {
  channel: {
    type: 'sms',
    config: { accountSid: 'AC1', fromNumber: '+15550001111' },
  } as unknown as Channel,
  secrets: { authToken: 'twilio-auth-token' },
  urls: { metaGraph: '', dialog360: '', twilio: 'http://twilio.invalid' },
  webhookUrl: URL_CALLED,
} satisfies ChannelContext;

describe('Twilio: firma del webhook', () => {
  it('calcula la firma documentada', () => {
    expect(twilioSignature('twilio-auth-token', URL_CALLED, PARAMS)).toBe(SIGNATURE);
  });

  it('la verifica sobre el formulario recibido, la URL llamada y el tipo de contenido', () => {
    const rawBody = Buffer.from(new URLSearchParams(PARAMS).toString());
    const request = (
      signature: string,
      extra: Partial<{ url: string; body: Buffer; type: string }> = {},
    ) => ({
      rawBody: extra.body ?? rawBody,
      headers: {
        'content-type': extra.type ?? 'application/x-www-form-urlencoded; charset=utf-8',
        'x-twilio-signature': signature,
      },
      url: extra.url ?? URL_CALLED,
    });
    expect(twilioAdapter.verifyWebhook(context, request(SIGNATURE))).toBe(true);
    expect(twilioAdapter.verifyWebhook(context, request(SIGNATURE.replace('A', 'B')))).toBe(false);
    expect(
      twilioAdapter.verifyWebhook(context, request(SIGNATURE, { url: `${URL_CALLED}x` })),
    ).toBe(false);
    expect(
      twilioAdapter.verifyWebhook(
        context,
        request(SIGNATURE, { body: Buffer.from(`${rawBody.toString()}&Extra=1`) }),
      ),
    ).toBe(false);
    expect(
      twilioAdapter.verifyWebhook(context, request(SIGNATURE, { type: 'application/json' })),
    ).toBe(false);
  });
});

describe('Twilio: lectura de webhooks', () => {
  it('un mensaje entrante con dos archivos da un evento por archivo; un código corto queda como vino', () => {
    const events = parseTwilioForm([
      ['MessageSid', 'SM9'],
      ['SmsStatus', 'received'],
      ['From', '+59899111222'],
      ['To', '+15550001111'],
      ['Body', 'fotos'],
      ['NumMedia', '2'],
      ['MediaUrl0', 'https://api.twilio.test/m/0'],
      ['MediaContentType0', 'image/jpeg'],
      ['MediaUrl1', 'https://api.twilio.test/m/1'],
      ['MediaContentType1', 'application/pdf'],
    ]);
    expect(events.map((event) => ({ ...event, at: undefined }))).toEqual([
      {
        kind: 'message',
        providerMessageId: 'SM9',
        from: { phone: '+59899111222' },
        text: 'fotos',
        media: { kind: 'image', url: 'https://api.twilio.test/m/0', mimeType: 'image/jpeg' },
      },
      {
        kind: 'message',
        providerMessageId: 'SM9#1',
        from: { phone: '+59899111222' },
        media: {
          kind: 'document',
          url: 'https://api.twilio.test/m/1',
          mimeType: 'application/pdf',
        },
      },
    ]);
    expect(
      parseTwilioForm([
        ['MessageSid', 'SM1'],
        ['From', '22395'],
        ['Body', 'x'],
      ]),
    ).toMatchObject([{ kind: 'message', from: { phone: '22395' }, text: 'x' }]);
  });

  it('un mensaje sin SID o sin remitente no se pierde: queda como ilegible con su motivo', () => {
    const without = (name: string) => PARAMS.filter(([key]) => key !== name);
    expect(parseTwilioForm(without('MessageSid'))).toEqual([
      { kind: 'unreadable', reason: 'MESSAGE_WITHOUT_ID', detail: 'MessageSid' },
    ]);
    expect(parseTwilioForm(without('From'))).toEqual([
      { kind: 'unreadable', reason: 'MESSAGE_WITHOUT_SENDER', detail: 'SM123' },
    ]);
  });

  it('los avisos de estado se leen como recibos; los intermedios se ignoran', () => {
    const receipt = (status: string, code?: string) =>
      parseTwilioForm([
        ['MessageSid', 'SM5'],
        ['MessageStatus', status],
        ...(code ? ([['ErrorCode', code]] as Array<[string, string]>) : []),
      ]).map((event) => ({ ...event, at: undefined }));
    expect(receipt('delivered')).toEqual([
      { kind: 'status', providerMessageId: 'SM5', status: 'delivered' },
    ]);
    expect(receipt('undelivered', '30003')).toEqual([
      {
        kind: 'status',
        providerMessageId: 'SM5',
        status: 'failed',
        error: { code: '30003', message: 'Twilio undelivered (30003)' },
      },
    ]);
    expect(receipt('queued')).toEqual([]);
    expect(receipt('sending')).toEqual([]);
  });
});

describe('Twilio: rechazos', () => {
  it('clasifica los errores de la API', () => {
    const refusal = (status: number, code?: number) => {
      const error = twilioRefusal(status, code ? { code, message: 'm', status } : {});
      return [error.code, error.retryable, error.providerCode];
    };
    expect(refusal(401, 20003)).toEqual(['CHANNEL_ERROR', false, '20003']);
    expect(refusal(400, 21606)).toEqual(['CHANNEL_ERROR', false, '21606']);
    expect(refusal(404, 20404)).toEqual(['CHANNEL_ERROR', false, '20404']);
    expect(refusal(400, 21211)).toEqual(['SEND_MESSAGE_ERROR', false, '21211']);
    expect(refusal(400, 21614)).toEqual(['SEND_MESSAGE_ERROR', false, '21614']);
    expect(refusal(400, 21610)).toEqual(['SEND_MESSAGE_ERROR', false, '21610']);
    expect(refusal(401)).toEqual(['CHANNEL_ERROR', false, '401']);
  });
});
