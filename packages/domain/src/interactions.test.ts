import { describe, expect, it } from 'vitest';
import {
  chatMessageOf,
  deliveryStatusOf,
  isKnownInteractionType,
  parseInteractionContent,
  uuidV7Time,
  ZClientItemId,
  isClientItemId,
} from './interactions';

describe('contenido de las interacciones por tipo', () => {
  it('lee una nota con sus valores por defecto', () => {
    expect(parseInteractionContent('note', { body: 'Hola' })).toEqual({
      type: 'note',
      content: { body: 'Hola', files: [] },
    });
  });

  it('conserva los campos que no conoce', () => {
    const parsed = parseInteractionContent('transfer', { description: 'Nota', extra: 1 });
    expect(parsed).toMatchObject({ type: 'transfer', content: { description: 'Nota', extra: 1 } });
  });

  it('un tipo desconocido o un contenido ilegible quedan como desconocidos', () => {
    expect(parseInteractionContent('holograma', { a: 1 })).toEqual({
      type: 'unknown',
      content: { a: 1 },
    });
    expect(parseInteractionContent('phoneCall', { state: 'volando' }).type).toBe('unknown');
    expect(isKnownInteractionType('note')).toBe(true);
    expect(isKnownInteractionType('toString')).toBe(false);
  });
});

describe('mensajes por canal (03 §3)', () => {
  it('lee un mensaje de canal del cliente', () => {
    const parsed = parseInteractionContent('channelMessage', {
      message: { text: 'Hola', type: 'text', media: null, fileName: null, mimetype: null },
      medium: 'wpp',
      origin: 'contact',
      channelId: 'c1',
      channelName: 'WhatsApp Ventas',
      channelColor: '#128C7E',
    });
    expect(parsed.type).toBe('channelMessage');
    if (parsed.type !== 'channelMessage') return;
    expect(chatMessageOf(parsed.content, false)).toEqual({
      origin: 'contact',
      text: 'Hola',
      kind: 'text',
      media: null,
      fileName: null,
      channelName: 'WhatsApp Ventas',
      channelColor: '#128C7E',
      medium: 'wpp',
      deleted: false,
      edited: false,
      previousVersions: [],
      errorCode: null,
      providerErrorCode: null,
      mimeType: null,
      reaction: false,
      replyTo: null,
      contacts: [],
      adReply: null,
      listened: false,
      mediaFailed: null,
      mediaPending: false,
      npsSurvey: null,
      parts: {
        choice: null,
        location: null,
        order: null,
        system: null,
        story: null,
        unsupported: null,
        product: null,
      },
    });
  });

  it('un archivo que el proveedor no entregó se lee como fallido, con su código', () => {
    const failed = parseInteractionContent('channelMessage', {
      message: { text: '', type: 'image', media: null },
      origin: 'contact',
      mediaError: { code: 'MEDIA_DOWNLOAD_FAILED', providerCode: '131052' },
    });
    if (failed.type !== 'channelMessage') throw new Error('not a channel message');
    expect(chatMessageOf(failed.content, false).mediaFailed).toEqual({ providerCode: '131052' });
    const fetched = parseInteractionContent('channelMessage', {
      message: { text: '', type: 'image', media: 'https://cartera.test/api/files/x.png' },
      mediaError: { code: 'MEDIA_DOWNLOAD_FAILED' },
    });
    if (fetched.type !== 'channelMessage') throw new Error('not a channel message');
    expect(chatMessageOf(fetched.content, false).mediaFailed).toBeNull();
  });

  it('un archivo del cliente que todavía se descarga se lee como pendiente, no como fallido', () => {
    const read = (content: Record<string, unknown>) => {
      const parsed = parseInteractionContent('channelMessage', content);
      if (parsed.type !== 'channelMessage') throw new Error('not a channel message');
      return chatMessageOf(parsed.content, false);
    };
    const pending = { message: { text: '', type: 'audio', media: null }, origin: 'contact' };
    expect(read({ ...pending, channelId: 'c1' })).toMatchObject({
      mediaPending: true,
      mediaFailed: null,
    });
    // Stored, given up, sent by the company or not from a channel: not pending.
    expect(
      read({ ...pending, channelId: 'c1', message: { type: 'audio', media: 'https://x/a.ogg' } })
        .mediaPending,
    ).toBe(false);
    expect(read({ ...pending, channelId: 'c1', mediaError: { code: 'X' } }).mediaPending).toBe(
      false,
    );
    expect(read({ ...pending, channelId: 'c1', origin: 'agent' }).mediaPending).toBe(false);
    expect(read(pending).mediaPending).toBe(false);
  });

  it('lee una respuesta, una reacción, contactos compartidos y el anuncio de origen', () => {
    const reply = parseInteractionContent('channelMessage', {
      message: { text: 'Sí, ese', type: 'text' },
      origin: 'contact',
      replyMessage: {
        providerMessageId: 'wamid.A',
        interactionId: 'i-1',
        text: '¿Te interesa el plan?',
        type: 'text',
        origin: 'agent',
      },
      externalAdReply: {
        title: 'Plan Hogar',
        sourceUrl: 'https://fb.me/anuncio',
        thumbnailUrl: 'https://example.com/t.jpg',
        showAdAttribution: true,
      },
    });
    if (reply.type !== 'channelMessage') throw new Error(reply.type);
    expect(chatMessageOf(reply.content, false)).toMatchObject({
      replyTo: {
        interactionId: 'i-1',
        text: '¿Te interesa el plan?',
        kind: 'text',
        origin: 'agent',
      },
      adReply: {
        title: 'Plan Hogar',
        sourceUrl: 'https://fb.me/anuncio',
        thumbnailUrl: 'https://example.com/t.jpg',
        body: null,
        largeThumbnail: false,
        showAttribution: true,
      },
      reaction: false,
    });

    const reaction = parseInteractionContent('channelMessage', {
      message: { text: '👍', type: 'text' },
      isReaction: true,
      replyMessage: { providerMessageId: 'wamid.B', interactionId: null },
    });
    if (reaction.type !== 'channelMessage') throw new Error(reaction.type);
    expect(chatMessageOf(reaction.content, false)).toMatchObject({
      text: '👍',
      reaction: true,
      replyTo: { interactionId: null, text: '', kind: 'text', origin: null },
    });

    const cards = parseInteractionContent('channelMessage', {
      message: {
        text: '',
        type: 'contactsArrayMessage',
        contacts: [
          { displayName: 'Ana', phoneNumber: '+59899123456' },
          { displayName: null, phoneNumber: '+59899000111', description: 'Oficina' },
        ],
      },
      // An unreadable quote or ad is ignored, not the whole message.
      replyMessage: 'wamid.C',
      externalAdReply: 7,
    });
    if (cards.type !== 'channelMessage') throw new Error(cards.type);
    expect(chatMessageOf(cards.content, false)).toMatchObject({
      kind: 'contactsArrayMessage',
      contacts: [
        { displayName: 'Ana', phoneNumber: '+59899123456', description: null },
        { displayName: '+59899000111', phoneNumber: '+59899000111', description: 'Oficina' },
      ],
      replyTo: null,
      adReply: null,
    });
  });

  it('lee un mensaje editado con sus versiones anteriores', () => {
    const parsed = parseInteractionContent('channelMessage', {
      message: { text: 'El precio es 90', type: 'text' },
      origin: 'agent',
      isEdited: true,
      previousMessages: [
        { content: { text: 'El precio es 100' }, updatedAt: '2026-11-24T12:05:00.000Z' },
      ],
    });
    if (parsed.type !== 'channelMessage') throw new Error(parsed.type);
    expect(chatMessageOf(parsed.content, true)).toMatchObject({
      text: 'El precio es 90',
      edited: true,
      previousVersions: [{ text: 'El precio es 100', replacedAt: '2026-11-24T12:05:00.000Z' }],
    });
  });

  it('lee un mensaje heredado con su archivo; sin origen, el lado lo da quién lo escribió', () => {
    const parsed = parseInteractionContent('wpp', {
      message: 'Mira el catálogo',
      mediaType: 'file',
      mediaURL: 'https://example.com/catalogo.pdf',
      fileName: 'catalogo.pdf',
      status: 'read',
    });
    if (parsed.type !== 'wpp') throw new Error(parsed.type);
    expect(chatMessageOf(parsed.content, true)).toMatchObject({
      origin: 'agent',
      text: 'Mira el catálogo',
      kind: 'document',
      media: 'https://example.com/catalogo.pdf',
      fileName: 'catalogo.pdf',
    });
    expect(deliveryStatusOf(null, parsed.content)).toBe('read');
  });

  it('el estado de entrega es el del ítem, y solo uno de los cinco', () => {
    expect(deliveryStatusOf('error', {})).toBe('error');
    expect(deliveryStatusOf(null, {})).toBeNull();
    expect(deliveryStatusOf('expired', {})).toBeNull();
  });
});

describe('identificadores que da el cliente', () => {
  const v7 = (ms: number) =>
    `${ms.toString(16).padStart(12, '0').slice(0, 8)}-${ms.toString(16).padStart(12, '0').slice(8)}-7abc-8def-0123456789ab`;

  it('acepta un UUIDv7 de ahora o de las últimas 24 horas', () => {
    expect(ZClientItemId.safeParse(v7(Date.now())).success).toBe(true);
    expect(ZClientItemId.safeParse(v7(Date.now() - 10 * 60_000)).success).toBe(true);
    expect(ZClientItemId.safeParse(v7(Date.now() - 23 * 3_600_000)).success).toBe(true);
    expect(uuidV7Time(v7(1_700_000_000_000))).toBe(1_700_000_000_000);
  });

  it('rechaza otros UUID y los que vienen del futuro', () => {
    expect(ZClientItemId.safeParse('3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e').success).toBe(false);
    expect(ZClientItemId.safeParse(v7(Date.now() + 10 * 60_000)).success).toBe(false);
  });

  it('rechaza un UUIDv7 de hace más de 24 horas', () => {
    expect(ZClientItemId.safeParse(v7(Date.now() - 25 * 3_600_000)).success).toBe(false);
    expect(isClientItemId(v7(1_000_000), 1_000_000 + 24 * 3_600_000)).toBe(true);
    expect(isClientItemId(v7(1_000_000), 1_000_001 + 24 * 3_600_000)).toBe(false);
  });
});
