import { describe, expect, it } from 'vitest';
import { inboundMessage } from './graph-simulator';
import { parseWhatsappEnvelope, whatsappBody } from './whatsapp-cloud.adapter';

/** The Cloud API's inbound message types beyond text and media (03 §3 WhatsApp message). */
describe('WhatsApp Cloud: mensajes entrantes con contexto', () => {
  const customer = { from: '59899111222', name: 'Lucía', id: 'wamid.IN1' };

  it('una respuesta nombra el mensaje citado y un anuncio trae su título, enlace y miniatura', () => {
    const [event] = parseWhatsappEnvelope(
      inboundMessage('PN', customer, {
        type: 'text',
        text: { body: 'Quiero ese' },
        context: { from: '15550001111', id: 'wamid.OUT1' },
        referral: {
          source_url: 'https://fb.me/anuncio',
          source_type: 'ad',
          source_id: '120000',
          headline: 'Plan Hogar 2x1',
          body: 'Solo en noviembre',
          media_type: 'image',
          image_url: 'https://scontent.example.com/full.jpg',
          thumbnail_url: 'https://scontent.example.com/thumb.jpg',
          ctwa_clid: 'ARA1',
        },
      }),
    );
    expect(event).toMatchObject({
      kind: 'message',
      providerMessageId: 'wamid.IN1',
      from: { phone: '+59899111222', name: 'Lucía' },
      text: 'Quiero ese',
      replyTo: 'wamid.OUT1',
      ad: {
        title: 'Plan Hogar 2x1',
        body: 'Solo en noviembre',
        sourceUrl: 'https://fb.me/anuncio',
        thumbnailUrl: 'https://scontent.example.com/thumb.jpg',
        showAttribution: true,
      },
    });
  });

  it('una reacción es el emoji sobre el mensaje al que reacciona', () => {
    const [event] = parseWhatsappEnvelope(
      inboundMessage('PN', customer, {
        type: 'reaction',
        reaction: { message_id: 'wamid.OUT1', emoji: '❤️' },
      }),
    );
    expect(event).toMatchObject({ text: '❤️', reaction: true, replyTo: 'wamid.OUT1' });
  });

  it('los contactos compartidos traen nombre, teléfono y empresa', () => {
    const [event] = parseWhatsappEnvelope(
      inboundMessage('PN', customer, {
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: 'Ana Pérez', first_name: 'Ana' },
            phones: [{ phone: '+598 99 333 444', wa_id: '59899333444', type: 'CELL' }],
            org: { company: 'Tienda', title: 'Compras' },
          },
          { name: { first_name: 'Beto', last_name: 'Gómez' }, phones: [{ wa_id: '59899555666' }] },
        ],
      }),
    );
    expect(event).toMatchObject({
      text: '',
      contacts: [
        {
          displayName: 'Ana Pérez',
          phoneNumber: '+598 99 333 444',
          description: 'Compras, Tienda',
        },
        { displayName: 'Beto Gómez', phoneNumber: '+59899555666' },
      ],
    });
  });

  it('una ubicación se lee como el lugar; un tipo que Cartera no muestra se nombra, sin corchetes', () => {
    const [place] = parseWhatsappEnvelope(
      inboundMessage('PN', customer, {
        type: 'location',
        location: { latitude: -34.9, longitude: -56.16 },
      }),
    );
    expect(place).toMatchObject({ text: '', location: { latitude: -34.9, longitude: -56.16 } });
    const [other] = parseWhatsappEnvelope(
      inboundMessage('PN', customer, { type: 'poll', poll: {} }),
    );
    expect(other).toMatchObject({ text: '', unsupported: 'poll' });
  });
});

describe('WhatsApp Cloud: una respuesta del vendedor', () => {
  it('lleva el contexto del mensaje que responde, en texto y en archivos', () => {
    const replyTo = { providerMessageId: 'wamid.IN9', text: '¿Tienen stock?' };
    expect(whatsappBody({ to: '+59899111222', text: 'Sí', replyTo })).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '59899111222',
      context: { message_id: 'wamid.IN9' },
      type: 'text',
      text: { body: 'Sí', preview_url: false },
    });
    expect(
      whatsappBody({
        to: '+59899111222',
        media: { kind: 'image', url: 'https://cdn.example.com/a.jpg', mimeType: 'image/jpeg' },
        replyTo,
      }),
    ).toMatchObject({ context: { message_id: 'wamid.IN9' }, type: 'image' });
  });
});
