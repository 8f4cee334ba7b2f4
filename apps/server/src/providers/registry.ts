import type { Channel } from '@cartera/db/schema';
import type { ChannelAdapter, ChannelType } from './adapter';
import { evolutionAdapter } from './evolution/evolution.adapter';
import { leadsAdapter } from './leads/leads.adapter';
import { messengerAdapter } from './messenger/messenger.adapter';
import { twilioAdapter } from './twilio/twilio.adapter';
import { whatsappCloudAdapter } from './whatsapp-cloud/whatsapp-cloud.adapter';

/** The adapter of each channel type, and the provider name its webhook URL carries. */
const PROVIDERS: Record<ChannelType, { slug: string; adapter: ChannelAdapter | undefined }> = {
  whatsapp_business: { slug: 'whatsapp', adapter: whatsappCloudAdapter },
  whatsapp_360_dialog: { slug: '360dialog', adapter: whatsappCloudAdapter },
  fb: { slug: 'messenger', adapter: messengerAdapter },
  ig: { slug: 'instagram', adapter: messengerAdapter },
  leads: { slug: 'leads', adapter: leadsAdapter },
  sms: { slug: 'twilio', adapter: twilioAdapter },
  unofficial_wpp: { slug: 'evolution', adapter: evolutionAdapter },
  personal_whatsapp: { slug: 'evolution', adapter: evolutionAdapter },
};

export function adapterFor(type: string): ChannelAdapter | undefined {
  return PROVIDERS[type as ChannelType]?.adapter;
}

export function providerSlugFor(type: string): string | undefined {
  return PROVIDERS[type as ChannelType]?.slug;
}

/** The path of a channel's webhook: the provider's name and the channel's unguessable key. */
export function webhookPathFor(channel: Pick<Channel, 'type' | 'webhookKey'>): string {
  return `/api/webhooks/${providerSlugFor(channel.type) ?? 'unknown'}/${channel.webhookKey}`;
}

/** What a channel's timeline items say they came through (03 §3 Channel message `medium`). */
export function mediumFor(type: string): 'wpp' | 'fb' | 'ig' | 'sms' {
  if (type === 'fb' || type === 'leads') return 'fb';
  if (type === 'ig') return 'ig';
  if (type === 'sms') return 'sms';
  return 'wpp';
}
