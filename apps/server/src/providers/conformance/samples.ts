/**
 * Webhook samples as the providers document them (issue #31): each with the page it comes
 * from. Shapes are the documented ones; ids, phones and names are the documents' own where they
 * give concrete values, and stand-ins where they give placeholders (`<WHATSAPP_USER_ID>`…): a
 * sample says in `adapted` what was replaced to fit the conformance test's channels.
 * `{{REPLY_ID}}` is the provider's id of the seller's reply the test sends first (receipts name
 * it). `expect` is what the seller reads on the timeline.
 */

export const WA_PHONE_NUMBER_ID = '106540352242922';
export const WA_BUSINESS_ACCOUNT_ID = '102290129340398';
export const D360_PHONE_NUMBER_ID = '109876543210987';
export const PAGE_ID = '104882345678901';
export const IG_ACCOUNT_ID = '17841400000000001';
export const EVOLUTION_INSTANCE = 'tienda';

/** What the seller reads for one sample. */
export type Expectation =
  | {
      /** A customer's message: its stored text (the Spanish reading), kind and parts. */
      message: {
        text: string;
        type?: string;
        parts?: Record<string, unknown>;
        reaction?: boolean;
        /** The file a media message carries, as the provider names it. */
        media?: boolean;
        replyTo?: string;
        ad?: Record<string, unknown>;
      };
      /** The contact's phone (E.164) or name the message landed on. */
      phone?: string;
      contactName?: string;
    }
  /** A receipt of the seller's reply: the reply's delivery status (03 §4). */
  | { status: 'sent' | 'received' | 'read' | 'error' }
  /** A lead form: the contact created and the item's text. */
  | { lead: { firstName: string; text: string } };

export interface Sample {
  name: string;
  source: string;
  adapted?: string;
  /** JSON envelope, or Twilio's form fields in order. */
  body: unknown;
  expect: Expectation;
}

// ---------------------------------------------------------------------------------------------
// WhatsApp Business Cloud API

const WA_REF =
  'https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages';
const WA_EXAMPLES =
  'https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/payload-examples';
const WA_ADAPTED =
  'metadata.phone_number_id set to the test channel’s; placeholders (<WHATSAPP_USER_ID>, wamid.ID) replaced by concrete values, TIMESTAMP by the test’s time';

/** The documented envelope around one `messages` change. */
export function waEnvelope(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WA_BUSINESS_ACCOUNT_ID,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

function waMessage(
  phoneNumberId: string,
  from: string,
  name: string,
  message: Record<string, unknown>,
) {
  return waEnvelope(phoneNumberId, {
    contacts: [{ profile: { name }, wa_id: from }],
    messages: [{ from, timestamp: '{{NOW_S}}', ...message }],
  });
}

function waStatus(phoneNumberId: string, status: Record<string, unknown>) {
  return waEnvelope(phoneNumberId, {
    statuses: [
      {
        id: '{{REPLY_ID}}',
        recipient_id: '16505551234',
        timestamp: '{{NOW_S}}',
        ...status,
      },
    ],
  });
}

function whatsappSamples(phoneNumberId: string, idPrefix: string): Sample[] {
  const wa = (from: string, name: string, message: Record<string, unknown>) =>
    waMessage(phoneNumberId, from, name, message);
  const id = (n: string) => `wamid.${idPrefix}${n}`;
  return [
    {
      name: 'text',
      source: `${WA_REF}/text`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('TEXT'),
        type: 'text',
        text: { body: 'Does it come in another color?' },
      }),
      expect: {
        message: { text: 'Does it come in another color?', type: 'text' },
        phone: '+16505551234',
        contactName: 'Sheena Nelson',
      },
    },
    {
      name: 'text from a Click-to-WhatsApp ad (referral)',
      source: `${WA_REF}/text`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('REFERRAL'),
        type: 'text',
        text: { body: 'Can I get the discount?' },
        referral: {
          source_url: 'https://fb.me/3cr4Wqqkv',
          source_id: '120226305854810726',
          source_type: 'ad',
          body: 'Summer sale: 20% off',
          headline: 'Chat with us',
          media_type: 'image',
          image_url: 'https://scontent.xx.fbcdn.net/v/t45.1600-4/ad.png',
          ctwa_clid:
            'ARAkLkA8rmlFeiCktEJQ-QTwRiyYHAFDLMNDBH0CD3qpjd0HR4irJ6LEkR7JwFF4XvnO2E4Nx0-eM-GABDLOPaOdRMXP',
        },
      }),
      expect: {
        message: {
          text: 'Can I get the discount?',
          ad: { title: 'Chat with us', sourceUrl: 'https://fb.me/3cr4Wqqkv' },
        },
      },
    },
    {
      name: 'reply to a message (context)',
      source: `${WA_REF}/text`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('CONTEXT'),
        type: 'text',
        text: { body: 'This one, please' },
        context: { from: '15550783881', id: id('TEXT') },
      }),
      expect: { message: { text: 'This one, please', replyTo: id('TEXT') } },
    },
    {
      name: 'product inquiry (referred_product)',
      source: `${WA_REF}/text`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('PRODUCT'),
        type: 'text',
        text: { body: 'Is this available in blue?' },
        context: {
          from: '15550783881',
          id: id('CATALOGUE'),
          referred_product: { catalog_id: '194836987003835', product_retailer_id: 'di9ozbzfi4' },
        },
      }),
      expect: {
        message: {
          text: 'Pregunta por el producto di9ozbzfi4\nIs this available in blue?',
          parts: { product: { productId: 'di9ozbzfi4', catalogId: '194836987003835' } },
        },
      },
    },
    {
      name: 'reaction',
      source: `${WA_REF}/reaction`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('REACTION'),
        type: 'reaction',
        reaction: { message_id: id('TEXT'), emoji: '\u{1F44D}' },
      }),
      expect: { message: { text: '\u{1F44D}', reaction: true, replyTo: id('TEXT') } },
    },
    {
      name: 'reaction removed',
      source: `${WA_REF}/reaction`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('UNREACT'),
        type: 'reaction',
        reaction: { message_id: id('TEXT') },
      }),
      expect: { message: { text: '', reaction: true, replyTo: id('TEXT') } },
    },
    {
      name: 'image with caption',
      source: `${WA_REF}/image`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('IMAGE'),
        type: 'image',
        image: {
          caption: 'Is this the right one?',
          mime_type: 'image/jpeg',
          sha256: 'ze1Q2B2d5n2kOb2w/K7CvTq8EmL9n6uG9Nqv3h2Zsys=',
          id: '1003383421387256',
        },
      }),
      expect: { message: { text: 'Is this the right one?', type: 'image', media: true } },
    },
    {
      name: 'sticker',
      source: `${WA_REF}/sticker`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('STICKER'),
        type: 'sticker',
        sticker: {
          mime_type: 'image/webp',
          sha256: 'XeZVr+p+1jSQzhgfRhCqBdlRJaW5yxPKL3IzhpqKFDE=',
          id: '1207366467624314',
          animated: false,
        },
      }),
      expect: { message: { text: '', type: 'sticker', media: true } },
    },
    {
      name: 'audio (voice note)',
      source: `${WA_REF}/audio`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('AUDIO'),
        type: 'audio',
        audio: {
          mime_type: 'audio/ogg; codecs=opus',
          sha256: 'xBy8n2Z2o8XJ2i7G6n5mzxHgXfS3rJ4qv8rDFfS7b3Y=',
          id: '1251885669297014',
          voice: true,
        },
      }),
      expect: { message: { text: '', type: 'audio', media: true } },
    },
    {
      name: 'video',
      source: `${WA_REF}/video`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('VIDEO'),
        type: 'video',
        video: {
          caption: 'Look at the box',
          mime_type: 'video/mp4',
          sha256: 'hA7p8Xe1b3f3QvLhU6T2J5k0vOJd0Yb3bOe2W2yqQ2w=',
          id: '1111592913960440',
        },
      }),
      expect: { message: { text: 'Look at the box', type: 'video', media: true } },
    },
    {
      name: 'document',
      source: `${WA_REF}/document`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('DOCUMENT'),
        type: 'document',
        document: {
          caption: 'Invoice',
          filename: 'invoice_2025.pdf',
          mime_type: 'application/pdf',
          sha256: 'vKq0D4m4eB2cI7mZ2c3N3xQ4z3bq0w2C1d9Y8X7W6V5=',
          id: '1092465012876542',
        },
      }),
      expect: { message: { text: 'Invoice', type: 'document', media: true } },
    },
    {
      name: 'location',
      source: `${WA_REF}/location`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('LOCATION'),
        type: 'location',
        location: {
          address: '1 Hacker Way, Menlo Park, CA 94025',
          latitude: 37.483307,
          longitude: -122.148981,
          name: 'Meta Headquarters',
          url: 'https://www.facebook.com/meta',
        },
      }),
      expect: {
        message: {
          text: 'Meta Headquarters, 1 Hacker Way, Menlo Park, CA 94025',
          type: 'location',
          parts: {
            location: {
              latitude: 37.483307,
              longitude: -122.148981,
              name: 'Meta Headquarters',
              address: '1 Hacker Way, Menlo Park, CA 94025',
            },
          },
        },
      },
    },
    {
      name: 'contacts',
      source: `${WA_REF}/contacts`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('CONTACTS'),
        type: 'contacts',
        contacts: [
          {
            name: {
              formatted_name: 'Barbara J. Johnson',
              first_name: 'Barbara',
              last_name: 'Johnson',
            },
            org: { company: 'Lucky Shrub', department: 'Sales', title: 'Sales manager' },
            phones: [{ phone: '+1 (415) 555-0123', wa_id: '14155550123', type: 'WORK' }],
          },
        ],
      }),
      expect: { message: { text: '', type: 'contactMessage' } },
    },
    {
      name: 'interactive button_reply',
      source: `${WA_REF}/interactive`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('BUTTON_REPLY'),
        type: 'interactive',
        context: { from: '15550783881', id: id('QUESTION') },
        interactive: {
          type: 'button_reply',
          button_reply: { id: 'cancel-button', title: 'Cancel' },
        },
      }),
      expect: {
        message: {
          text: 'Cancel',
          parts: { choice: { kind: 'button_reply', title: 'Cancel', id: 'cancel-button' } },
        },
      },
    },
    {
      name: 'interactive list_reply',
      source: `${WA_REF}/interactive`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('LIST_REPLY'),
        type: 'interactive',
        interactive: {
          type: 'list_reply',
          list_reply: {
            id: 'priority_express',
            title: 'Priority Mail Express',
            description: 'Next Day to 2 Days',
          },
        },
      }),
      expect: {
        message: {
          text: 'Priority Mail Express',
          parts: {
            choice: {
              kind: 'list_reply',
              title: 'Priority Mail Express',
              id: 'priority_express',
              description: 'Next Day to 2 Days',
            },
          },
        },
      },
    },
    {
      name: 'template quick-reply button',
      source: `${WA_REF}/button`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('BUTTON'),
        type: 'button',
        context: { from: '15550783881', id: id('TEMPLATE') },
        button: { payload: 'Unsubscribe from Promos', text: 'Sí, me interesa' },
      }),
      expect: {
        message: {
          text: 'Sí, me interesa',
          parts: {
            choice: { kind: 'button', title: 'Sí, me interesa', id: 'Unsubscribe from Promos' },
          },
        },
      },
    },
    {
      name: 'order',
      source: `${WA_REF}/order`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('ORDER'),
        type: 'order',
        order: {
          catalog_id: '194836987003835',
          text: 'Please deliver on Friday',
          product_items: [
            { product_retailer_id: 'di9ozbzfi4', quantity: 2, item_price: 30, currency: 'USD' },
            { product_retailer_id: 'nqryix03ez', quantity: 1, item_price: 25.5, currency: 'USD' },
          ],
        },
      }),
      expect: {
        message: {
          text: 'Pedido (2 productos)\n2 × di9ozbzfi4: USD\u00a030.00 c/u\n1 × nqryix03ez: USD\u00a025.50 c/u\nTotal: USD\u00a085.50\nPlease deliver on Friday',
          type: 'order',
          parts: {
            order: {
              catalogId: '194836987003835',
              items: [
                { productId: 'di9ozbzfi4', quantity: 2, price: 30, currency: 'USD' },
                { productId: 'nqryix03ez', quantity: 1, price: 25.5, currency: 'USD' },
              ],
            },
          },
        },
      },
    },
    {
      name: 'system: customer changed number',
      source: `${WA_REF}/system`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('SYSTEM'),
        type: 'system',
        system: {
          body: 'Sheena Nelson changed from 16505551234 to 16505559876',
          wa_id: '16505559876',
          type: 'customer_changed_number',
        },
      }),
      expect: {
        message: {
          text: 'El cliente cambió su número de WhatsApp a +16505559876',
          type: 'system',
          parts: { system: { kind: 'customer_changed_number', newPhone: '+16505559876' } },
        },
      },
    },
    {
      name: 'unsupported',
      source: `${WA_REF}/unsupported`,
      adapted: WA_ADAPTED,
      body: wa('16505551234', 'Sheena Nelson', {
        id: id('UNSUPPORTED'),
        type: 'unsupported',
        errors: [
          {
            code: 131051,
            title: 'Message type unknown',
            message: 'Message type unknown',
            error_data: { details: 'Message type is currently not supported.' },
          },
        ],
      }),
      expect: {
        message: {
          text: 'El cliente envió un mensaje de tipo «no admitido por el proveedor» que no se puede mostrar aquí; míralo en la aplicación del proveedor.',
          type: 'unsupported',
        },
      },
    },
    {
      name: 'status sent',
      source: `${WA_REF}/status`,
      adapted: `${WA_ADAPTED}; the status id is the test reply's`,
      body: waStatus(phoneNumberId, {
        status: 'sent',
        conversation: {
          id: 'CONVERSATION_ID',
          expiration_timestamp: '1750350173',
          origin: { type: 'service' },
        },
        pricing: {
          billable: false,
          pricing_model: 'PMP',
          category: 'service',
          type: 'free_customer_service',
        },
      }),
      expect: { status: 'sent' },
    },
    {
      name: 'status delivered',
      source: `${WA_REF}/status`,
      adapted: `${WA_ADAPTED}; the status id is the test reply's`,
      body: waStatus(phoneNumberId, { status: 'delivered' }),
      expect: { status: 'received' },
    },
    {
      name: 'status read',
      source: `${WA_REF}/status`,
      adapted: `${WA_ADAPTED}; the status id is the test reply's`,
      body: waStatus(phoneNumberId, { status: 'read' }),
      expect: { status: 'read' },
    },
  ];
}

/** A failed send: after the others (a read message never fails, 03 §4), on its own reply. */
function whatsappFailed(phoneNumberId: string): Sample {
  return {
    name: 'status failed (re-engagement)',
    source: WA_EXAMPLES,
    adapted: `${WA_ADAPTED}; the status id is the test's second reply`,
    body: waStatus(phoneNumberId, {
      status: 'failed',
      errors: [
        {
          code: 131047,
          title: 'Re-engagement message',
          message: 'Re-engagement message',
          error_data: {
            details:
              'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
          },
          href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
        },
      ],
    }),
    expect: { status: 'error' },
  };
}

export const whatsappCloudSamples: Sample[] = [
  ...whatsappSamples(WA_PHONE_NUMBER_ID, 'HBgLMTY1MDU1NTEyMzQVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA'),
  {
    name: 'request_welcome',
    source: `${WA_REF}/request_welcome`,
    adapted: WA_ADAPTED,
    body: waMessage(WA_PHONE_NUMBER_ID, '16505551234', 'Sheena Nelson', {
      id: 'wamid.WELCOME',
      type: 'request_welcome',
    }),
    expect: {
      message: { text: 'El cliente abrió el chat por primera vez', type: 'system' },
    },
  },
];
export const whatsappCloudFailed = whatsappFailed(WA_PHONE_NUMBER_ID);

// ---------------------------------------------------------------------------------------------
// 360dialog: the Cloud API's payloads, delivered by 360dialog with the header it is told to send

const D360 = 'https://docs.360dialog.com/docs/resources/webhook-events-and-notifications';
const D360_ADAPTED =
  'the Cloud API shape 360dialog forwards; metadata.phone_number_id set to the test channel’s; placeholders replaced';

export const dialog360Samples: Sample[] = whatsappSamples(D360_PHONE_NUMBER_ID, 'D360')
  .filter((sample) =>
    [
      'text',
      'image with caption',
      'location',
      'interactive button_reply',
      'interactive list_reply',
      'template quick-reply button',
      'order',
      'status delivered',
      'status read',
    ].includes(sample.name),
  )
  .map((sample) => ({
    ...sample,
    source: D360,
    adapted: D360_ADAPTED,
    // Another customer: the 360dialog channel's conversation is its own.
    body: JSON.parse(
      JSON.stringify(sample.body)
        .replaceAll('16505551234', '5491155550000')
        .replaceAll('Sheena Nelson', 'Lucía Gómez'),
    ),
    expect:
      'message' in sample.expect
        ? {
            message: sample.expect.message,
            ...(sample.name === 'text'
              ? { phone: '+5491155550000', contactName: 'Lucía Gómez' }
              : {}),
          }
        : sample.expect,
  }));

// ---------------------------------------------------------------------------------------------
// Messenger and Instagram (Messenger Platform webhooks)

const MSG = 'https://developers.facebook.com/docs/messenger-platform/reference/webhook-events';
const IG = 'https://developers.facebook.com/docs/messenger-platform/instagram/features/webhook';
const META_ADAPTED =
  'recipient/entry ids set to the test channel’s Page or account; placeholders replaced; timestamp set to the test’s time (the reply window counts from it)';

export function messagingEnvelopeOf(
  object: 'page' | 'instagram',
  id: string,
  messaging: unknown[],
) {
  return { object, entry: [{ id, time: 1458692752478, messaging }] };
}

const PSID = '6234527356621102';
const fb = (item: Record<string, unknown>) =>
  messagingEnvelopeOf('page', PAGE_ID, [
    { sender: { id: PSID }, recipient: { id: PAGE_ID }, timestamp: '{{NOW_MS}}', ...item },
  ]);

export const MESSENGER_PSID = PSID;

export const messengerSamples: Sample[] = [
  {
    name: 'text',
    source: `${MSG}/messages`,
    adapted: META_ADAPTED,
    body: fb({ message: { mid: 'm_FB_TEXT', text: 'hello, world!' } }),
    expect: {
      message: { text: 'hello, world!', type: 'text' },
      contactName: 'Peter Chang',
    },
  },
  {
    name: 'quick reply',
    source: `${MSG}/messages`,
    adapted: META_ADAPTED,
    body: fb({
      message: {
        mid: 'm_FB_QUICK',
        text: 'Red',
        quick_reply: { payload: 'DEVELOPER_DEFINED_PAYLOAD_FOR_PICKING_RED' },
      },
    }),
    expect: {
      message: {
        text: 'Red',
        parts: {
          choice: {
            kind: 'quick_reply',
            title: 'Red',
            id: 'DEVELOPER_DEFINED_PAYLOAD_FOR_PICKING_RED',
          },
        },
      },
    },
  },
  {
    name: 'reply_to',
    source: `${MSG}/messages`,
    adapted: META_ADAPTED,
    body: fb({
      message: { mid: 'm_FB_REPLY', text: 'hello, world!', reply_to: { mid: 'm_FB_TEXT' } },
    }),
    expect: { message: { text: 'hello, world!', replyTo: 'm_FB_TEXT' } },
  },
  {
    name: 'image attachment',
    source: `${MSG}/messages`,
    adapted: META_ADAPTED,
    body: fb({
      message: {
        mid: 'm_FB_IMAGE',
        attachments: [
          {
            type: 'image',
            payload: { url: 'https://scontent.xx.fbcdn.net/v/t1.15752-9/image.png' },
          },
        ],
      },
    }),
    expect: { message: { text: '', type: 'image', media: true } },
  },
  {
    name: 'file attachment',
    source: `${MSG}/messages`,
    adapted: META_ADAPTED,
    body: fb({
      message: {
        mid: 'm_FB_FILE',
        attachments: [
          { type: 'file', payload: { url: 'https://cdn.fbsbx.com/v/t59.2708-21/catalogue.pdf' } },
        ],
      },
    }),
    expect: { message: { text: '', type: 'document', media: true } },
  },
  {
    name: 'fallback attachment (a shared link)',
    source: `${MSG}/messages`,
    adapted: META_ADAPTED,
    body: fb({
      message: {
        mid: 'm_FB_FALLBACK',
        attachments: [
          {
            type: 'fallback',
            payload: { url: 'https://www.example.com/products/42', title: 'Lámpara de pie' },
          },
        ],
      },
    }),
    expect: {
      message: { text: 'Lámpara de pie\nhttps://www.example.com/products/42', type: 'text' },
    },
  },
  {
    name: 'postback',
    source: `${MSG}/messaging_postbacks`,
    adapted: META_ADAPTED,
    body: fb({
      postback: { title: 'Ver catálogo', payload: 'CATALOGUE_PAYLOAD', mid: 'm_FB_POSTBACK' },
    }),
    expect: {
      message: {
        text: 'Ver catálogo',
        parts: { choice: { kind: 'postback', title: 'Ver catálogo', id: 'CATALOGUE_PAYLOAD' } },
      },
    },
  },
  {
    name: 'referral from an ad (messaging_referrals)',
    source: `${MSG}/messaging_referrals`,
    adapted: META_ADAPTED,
    body: fb({
      referral: {
        ref: 'summer-sale',
        ad_id: '6045246247433',
        source: 'ADS',
        type: 'OPEN_THREAD',
        ads_context_data: {
          ad_title: 'Oferta de verano',
          photo_url: 'https://scontent.xx.fbcdn.net/v/ad-photo.png',
          post_id: '104882345678901_987654321',
        },
      },
    }),
    expect: { message: { text: '', ad: { title: 'Oferta de verano' } } },
  },
  {
    name: 'reaction',
    source: `${MSG}/message-reactions`,
    adapted: META_ADAPTED,
    body: fb({
      reaction: { mid: 'm_FB_TEXT', action: 'react', reaction: 'love', emoji: '\u2764\uFE0F' },
    }),
    expect: { message: { text: '\u2764\uFE0F', reaction: true, replyTo: 'm_FB_TEXT' } },
  },
  {
    name: 'reaction removed',
    source: `${MSG}/message-reactions`,
    adapted: `${META_ADAPTED}; timestamp changed so it is a second event`,
    body: messagingEnvelopeOf('page', PAGE_ID, [
      {
        sender: { id: PSID },
        recipient: { id: PAGE_ID },
        timestamp: '{{NOW_MS}}',
        reaction: { mid: 'm_FB_TEXT', action: 'unreact' },
      },
    ]),
    expect: { message: { text: '', reaction: true, replyTo: 'm_FB_TEXT' } },
  },
  {
    name: 'message_deliveries',
    source: `${MSG}/message-deliveries`,
    adapted: `${META_ADAPTED}; mids is the test reply's`,
    body: fb({ delivery: { mids: ['{{REPLY_ID}}'], watermark: 1458668856253 } }),
    expect: { status: 'received' },
  },
  {
    name: 'message_reads (watermark)',
    source: `${MSG}/message-reads`,
    adapted: `${META_ADAPTED}; the watermark is after the test reply`,
    body: fb({ read: { watermark: 4102444800000 } }),
    expect: { status: 'read' },
  },
];

const IGSID = '1254459154682919';
const ig = (item: Record<string, unknown>) =>
  messagingEnvelopeOf('instagram', IG_ACCOUNT_ID, [
    { sender: { id: IGSID }, recipient: { id: IG_ACCOUNT_ID }, timestamp: '{{NOW_MS}}', ...item },
  ]);

export const INSTAGRAM_IGSID = IGSID;

export const instagramSamples: Sample[] = [
  {
    name: 'text',
    source: IG,
    adapted: META_ADAPTED,
    body: ig({ message: { mid: 'aWdfZAG1faXRlbTo_TEXT', text: '¿Tienen talla M?' } }),
    expect: { message: { text: '¿Tienen talla M?', type: 'text' }, contactName: 'Ana Ruiz' },
  },
  {
    name: 'image',
    source: IG,
    adapted: META_ADAPTED,
    body: ig({
      message: {
        mid: 'aWdfZAG1faXRlbTo_IMAGE',
        attachments: [
          {
            type: 'image',
            payload: { url: 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1' },
          },
        ],
      },
    }),
    expect: { message: { text: '', type: 'image', media: true } },
  },
  {
    name: 'story mention',
    source: IG,
    adapted: META_ADAPTED,
    body: ig({
      message: {
        mid: 'aWdfZAG1faXRlbTo_MENTION',
        attachments: [
          {
            type: 'story_mention',
            payload: { url: 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=2' },
          },
        ],
      },
    }),
    expect: {
      message: {
        text: 'Te mencionó en su historia',
        parts: {
          story: {
            kind: 'mention',
            url: 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=2',
          },
        },
      },
    },
  },
  {
    name: 'story reply',
    source: IG,
    adapted: META_ADAPTED,
    body: ig({
      message: {
        mid: 'aWdfZAG1faXRlbTo_STORYREPLY',
        text: '¡Me encanta!',
        reply_to: {
          story: {
            url: 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=3',
            id: '17920000000000001',
          },
        },
      },
    }),
    expect: {
      message: {
        text: 'Respondió a tu historia\n¡Me encanta!',
        parts: { story: { kind: 'reply', id: '17920000000000001' } },
      },
    },
  },
  {
    name: 'reply_to a message',
    source: IG,
    adapted: META_ADAPTED,
    body: ig({
      message: {
        mid: 'aWdfZAG1faXRlbTo_REPLY',
        text: 'Esa misma',
        reply_to: { mid: 'aWdfZAG1faXRlbTo_TEXT' },
      },
    }),
    expect: { message: { text: 'Esa misma', replyTo: 'aWdfZAG1faXRlbTo_TEXT' } },
  },
  {
    name: 'reaction',
    source: IG,
    adapted: META_ADAPTED,
    body: ig({
      reaction: {
        mid: 'aWdfZAG1faXRlbTo_TEXT',
        action: 'react',
        reaction: 'love',
        emoji: '\u2764\uFE0F',
      },
    }),
    expect: { message: { text: '\u2764\uFE0F', reaction: true, replyTo: 'aWdfZAG1faXRlbTo_TEXT' } },
  },
  {
    name: 'quick reply',
    source: IG,
    adapted: META_ADAPTED,
    body: ig({
      message: { mid: 'aWdfZAG1faXRlbTo_QUICK', text: 'Sí', quick_reply: { payload: 'YES' } },
    }),
    expect: {
      message: { text: 'Sí', parts: { choice: { kind: 'quick_reply', title: 'Sí', id: 'YES' } } },
    },
  },
  {
    name: 'postback (icebreaker)',
    source: IG,
    adapted: META_ADAPTED,
    body: ig({
      postback: { mid: 'aWdfZAG1faXRlbTo_POSTBACK', title: '¿Hacen envíos?', payload: 'SHIPPING' },
    }),
    expect: {
      message: {
        text: '¿Hacen envíos?',
        parts: { choice: { kind: 'postback', title: '¿Hacen envíos?', id: 'SHIPPING' } },
      },
    },
  },
  {
    name: 'unsupported',
    source: IG,
    adapted: META_ADAPTED,
    body: ig({ message: { mid: 'aWdfZAG1faXRlbTo_UNSUPPORTED', is_unsupported: true } }),
    expect: {
      message: {
        text: 'El cliente envió un mensaje de tipo «no admitido por el proveedor» que no se puede mostrar aquí; míralo en la aplicación del proveedor.',
        type: 'unsupported',
      },
    },
  },
  {
    name: 'messaging_seen',
    source: IG,
    adapted: `${META_ADAPTED}; mid is the test reply's`,
    body: ig({ read: { mid: '{{REPLY_ID}}' } }),
    expect: { status: 'read' },
  },
];

// ---------------------------------------------------------------------------------------------
// Lead ads

const LEADS =
  'https://developers.facebook.com/docs/graph-api/webhooks/getting-started/webhooks-for-leadgen';

export const leadSamples: Sample[] = [
  {
    name: 'leadgen',
    source: LEADS,
    adapted: 'page_id set to the test channel’s; the lead is served by the test’s Graph fake',
    body: {
      object: 'page',
      entry: [
        {
          id: PAGE_ID,
          time: 1523977440,
          changes: [
            {
              field: 'leadgen',
              value: {
                ad_id: '444444444',
                form_id: '444444444444',
                leadgen_id: '444444444444',
                created_time: 1523977440,
                page_id: PAGE_ID,
                adgroup_id: '44444444444',
              },
            },
          ],
        },
      ],
    },
    expect: { lead: { firstName: 'Marta', text: 'Correo electrónico: marta@example.com' } },
  },
  {
    name: 'leadgen without an ad (organic form)',
    source: LEADS,
    adapted: 'page_id set to the test channel’s; the lead is served by the test’s Graph fake',
    body: {
      object: 'page',
      entry: [
        {
          id: PAGE_ID,
          time: 1523977500,
          changes: [
            {
              field: 'leadgen',
              value: {
                form_id: '444444444444',
                leadgen_id: '555555555555',
                created_time: 1523977500,
                page_id: PAGE_ID,
              },
            },
          ],
        },
      ],
    },
    expect: { lead: { firstName: 'Jacinto', text: 'Correo electrónico: jacinto@example.com' } },
  },
];

// ---------------------------------------------------------------------------------------------
// Twilio Programmable Messaging (SMS and MMS)

const TWILIO_IN = 'https://www.twilio.com/docs/messaging/guides/webhook-request';
const TWILIO_STATUS = 'https://www.twilio.com/docs/messaging/guides/track-outbound-message-status';
export const TWILIO_ACCOUNT_SID = 'ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX';
export const TWILIO_NUMBER = '+15557122661';
const TWILIO_ADAPTED = 'AccountSid and To set to the test channel’s';

function twilioInbound(
  sid: string,
  from: string,
  body: string,
  media: Array<[string, string]> = [],
) {
  const fields: Array<[string, string]> = [
    ['ToCountry', 'US'],
    ['ToState', 'CA'],
    ['SmsMessageSid', sid],
    ['NumMedia', String(media.length)],
    ['ToCity', ''],
    ['FromZip', ''],
    ['SmsSid', sid],
    ['FromState', ''],
    ['SmsStatus', 'received'],
    ['FromCity', ''],
    ['Body', body],
    ['FromCountry', 'MX'],
    ['To', TWILIO_NUMBER],
    ['ToZip', ''],
    ['NumSegments', '1'],
    ['MessageSid', sid],
    ['AccountSid', TWILIO_ACCOUNT_SID],
    ['From', from],
    ['ApiVersion', '2010-04-01'],
  ];
  media.forEach(([url, type], index) => {
    fields.push([`MediaContentType${index}`, type], [`MediaUrl${index}`, url]);
  });
  return fields;
}

function twilioStatus(
  status: string,
  extra: Array<[string, string]> = [],
): Array<[string, string]> {
  return [
    ['SmsSid', '{{REPLY_ID}}'],
    ['SmsStatus', status],
    ['MessageStatus', status],
    ['To', '+5215512345678'],
    ['MessageSid', '{{REPLY_ID}}'],
    ['AccountSid', TWILIO_ACCOUNT_SID],
    ['From', TWILIO_NUMBER],
    ['ApiVersion', '2010-04-01'],
    ...extra,
  ];
}

const mediaUrl = (n: string) =>
  `https://api.twilio.com/2010-04-01/Accounts/${TWILIO_ACCOUNT_SID}/Messages/MM${n}/Media/ME${n}`;

export const twilioSamples: Sample[] = [
  {
    name: 'SMS',
    source: TWILIO_IN,
    adapted: TWILIO_ADAPTED,
    body: twilioInbound(
      'SM1f0e8ae6ade43cb3c0ce4525424e404f',
      '+5215512345678',
      'Hola, ¿siguen abiertos?',
    ),
    expect: { message: { text: 'Hola, ¿siguen abiertos?', type: 'text' }, phone: '+525512345678' },
  },
  {
    name: 'MMS with a picture',
    source: TWILIO_IN,
    adapted: TWILIO_ADAPTED,
    body: twilioInbound(
      'MM1f0e8ae6ade43cb3c0ce4525424e4001',
      '+5215512345678',
      'Esta es la pieza',
      [[mediaUrl('a1'), 'image/jpeg']],
    ),
    expect: { message: { text: 'Esta es la pieza', type: 'image', media: true } },
  },
  {
    name: 'MMS with two files',
    source: TWILIO_IN,
    adapted: TWILIO_ADAPTED,
    body: twilioInbound('MM1f0e8ae6ade43cb3c0ce4525424e4002', '+5215512345678', 'Fotos y factura', [
      [mediaUrl('b1'), 'image/png'],
      [mediaUrl('b2'), 'application/pdf'],
    ]),
    expect: { message: { text: 'Fotos y factura', type: 'image', media: true } },
  },
  {
    name: 'MMS second file (#1)',
    source: TWILIO_IN,
    adapted: `${TWILIO_ADAPTED}; the same request as the previous sample, read for its second file`,
    body: null,
    expect: { message: { text: '', type: 'document', media: true } },
  },
  {
    name: 'status queued→sent',
    source: TWILIO_STATUS,
    adapted: `${TWILIO_ADAPTED}; MessageSid is the test reply's`,
    body: twilioStatus('sent'),
    expect: { status: 'sent' },
  },
  {
    name: 'status delivered',
    source: TWILIO_STATUS,
    adapted: `${TWILIO_ADAPTED}; MessageSid is the test reply's`,
    body: twilioStatus('delivered'),
    expect: { status: 'received' },
  },
  {
    name: 'status undelivered (30003)',
    source: TWILIO_STATUS,
    adapted: `${TWILIO_ADAPTED}; MessageSid is the test reply's`,
    body: twilioStatus('undelivered', [['ErrorCode', '30003']]),
    expect: { status: 'error' },
  },
];

// ---------------------------------------------------------------------------------------------
// Evolution API v2 (the unofficial gateway)

const EVO = 'https://doc.evolution-api.com/v2/en/configuration/webhooks';
const EVO_ADAPTED = 'instance and apikey set to the test channel’s';
const JID = '5511987654321@s.whatsapp.net';

export function evolutionEnvelopeOf(event: string, apikey: string, data: unknown) {
  return {
    event,
    instance: EVOLUTION_INSTANCE,
    data,
    destination: 'https://crm.example.com/webhook',
    date_time: '2024-06-08T17:59:43.115Z',
    sender: '5511900000000@s.whatsapp.net',
    server_url: 'https://evolution.example.com',
    apikey,
  };
}

function upsert(id: string, message: Record<string, unknown>, messageType: string) {
  return {
    key: { remoteJid: JID, fromMe: false, id },
    pushName: 'João Silva',
    message,
    messageType,
    messageTimestamp: 1717869583,
    instanceId: 'd3b5b1b5-0000-4000-8000-000000000001',
    source: 'android',
  };
}

export const evolutionSamples: Sample[] = [
  {
    name: 'conversation',
    source: EVO,
    adapted: EVO_ADAPTED,
    body: [
      'messages.upsert',
      upsert('3EB0A0C1D2E3F4A5B6C7', { conversation: 'Olá, tudo bem?' }, 'conversation'),
    ],
    expect: {
      message: { text: 'Olá, tudo bem?', type: 'text' },
      phone: '+5511987654321',
      contactName: 'João Silva',
    },
  },
  {
    name: 'extendedTextMessage (a link)',
    source: EVO,
    adapted: EVO_ADAPTED,
    body: [
      'messages.upsert',
      upsert(
        '3EB0A0C1D2E3F4A5B6C8',
        { extendedTextMessage: { text: 'Vi isto: https://example.com/p/1' } },
        'extendedTextMessage',
      ),
    ],
    expect: { message: { text: 'Vi isto: https://example.com/p/1' } },
  },
  {
    name: 'imageMessage',
    source: EVO,
    adapted: EVO_ADAPTED,
    body: [
      'messages.upsert',
      upsert(
        '3EB0A0C1D2E3F4A5B6C9',
        {
          imageMessage: {
            url: 'https://mmg.whatsapp.net/o1/v/t62.7118-24/f1/m233/image.enc',
            mimetype: 'image/jpeg',
            caption: 'Olha a foto',
            fileLength: '52301',
          },
        },
        'imageMessage',
      ),
    ],
    expect: { message: { text: 'Olha a foto', type: 'image', media: true } },
  },
  {
    name: 'locationMessage',
    source: EVO,
    adapted: EVO_ADAPTED,
    body: [
      'messages.upsert',
      upsert(
        '3EB0A0C1D2E3F4A5B6D0',
        {
          locationMessage: {
            degreesLatitude: -23.5505199,
            degreesLongitude: -46.6333094,
            name: 'Praça da Sé',
            address: 'Praça da Sé, São Paulo - SP',
          },
        },
        'locationMessage',
      ),
    ],
    expect: {
      message: {
        text: 'Praça da Sé, Praça da Sé, São Paulo - SP',
        type: 'location',
        parts: { location: { latitude: -23.5505199, longitude: -46.6333094, name: 'Praça da Sé' } },
      },
    },
  },
  {
    name: 'reactionMessage',
    source: EVO,
    adapted: EVO_ADAPTED,
    body: [
      'messages.upsert',
      upsert(
        '3EB0A0C1D2E3F4A5B6D1',
        {
          reactionMessage: {
            key: { remoteJid: JID, fromMe: false, id: '3EB0A0C1D2E3F4A5B6C7' },
            text: '\u{1F64F}',
          },
        },
        'reactionMessage',
      ),
    ],
    expect: { message: { text: '\u{1F64F}', reaction: true, replyTo: '3EB0A0C1D2E3F4A5B6C7' } },
  },
  {
    name: 'contactMessage',
    source: EVO,
    adapted: EVO_ADAPTED,
    body: [
      'messages.upsert',
      upsert(
        '3EB0A0C1D2E3F4A5B6D2',
        {
          contactMessage: {
            displayName: 'Maria Souza',
            vcard:
              'BEGIN:VCARD\nVERSION:3.0\nFN:Maria Souza\nTEL;type=CELL;waid=5511912345678:+55 11 91234-5678\nEND:VCARD',
          },
        },
        'contactMessage',
      ),
    ],
    expect: { message: { text: '', type: 'contactMessage' } },
  },
  {
    name: 'buttonsResponseMessage',
    source: EVO,
    adapted: EVO_ADAPTED,
    body: [
      'messages.upsert',
      upsert(
        '3EB0A0C1D2E3F4A5B6D3',
        { buttonsResponseMessage: { selectedButtonId: 'sim', selectedDisplayText: 'Sim, quero' } },
        'buttonsResponseMessage',
      ),
    ],
    expect: {
      message: {
        text: 'Sim, quero',
        parts: { choice: { kind: 'button_reply', title: 'Sim, quero', id: 'sim' } },
      },
    },
  },
  {
    name: 'listResponseMessage',
    source: EVO,
    adapted: EVO_ADAPTED,
    body: [
      'messages.upsert',
      upsert(
        '3EB0A0C1D2E3F4A5B6D4',
        {
          listResponseMessage: {
            title: 'Entrega expressa',
            listType: 'SINGLE_SELECT',
            singleSelectReply: { selectedRowId: 'express' },
          },
        },
        'listResponseMessage',
      ),
    ],
    expect: {
      message: {
        text: 'Entrega expressa',
        parts: { choice: { kind: 'list_reply', title: 'Entrega expressa', id: 'express' } },
      },
    },
  },
  {
    name: 'pollCreationMessage (no reading here)',
    source: EVO,
    adapted: EVO_ADAPTED,
    body: [
      'messages.upsert',
      upsert(
        '3EB0A0C1D2E3F4A5B6D5',
        {
          pollCreationMessage: {
            name: 'Qual cor?',
            options: [{ optionName: 'Azul' }, { optionName: 'Verde' }],
            selectableOptionsCount: 1,
          },
        },
        'pollCreationMessage',
      ),
    ],
    expect: {
      message: {
        text: 'El cliente envió un mensaje de tipo «encuesta» que no se puede mostrar aquí; míralo en la aplicación del proveedor.',
        type: 'unsupported',
      },
    },
  },
  {
    name: 'messages.update DELIVERY_ACK',
    source: EVO,
    adapted: `${EVO_ADAPTED}; keyId is the test reply's`,
    body: [
      'messages.update',
      {
        keyId: '{{REPLY_ID}}',
        remoteJid: JID,
        fromMe: true,
        status: 'DELIVERY_ACK',
        instanceId: 'd3b5b1b5-0000-4000-8000-000000000001',
      },
    ],
    expect: { status: 'received' },
  },
  {
    name: 'messages.update READ',
    source: EVO,
    adapted: `${EVO_ADAPTED}; keyId is the test reply's`,
    body: [
      'messages.update',
      {
        keyId: '{{REPLY_ID}}',
        remoteJid: JID,
        fromMe: true,
        status: 'READ',
        instanceId: 'd3b5b1b5-0000-4000-8000-000000000001',
      },
    ],
    expect: { status: 'read' },
  },
];
