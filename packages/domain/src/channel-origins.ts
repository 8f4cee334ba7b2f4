import type { ChannelTypeName } from './channels';

/**
 * The origin code (02 §3) of a contact a channel creates when the channel names none (issue #31
 * item 10): the channels made in 'Canales' have no origin field, and their contacts must still
 * say where they came from.
 */
export const CHANNEL_DEFAULT_ORIGIN: Record<ChannelTypeName, string> = {
  whatsapp_business: 'whatsapp',
  whatsapp_360_dialog: 'whatsapp',
  unofficial_wpp: 'whatsapp',
  personal_whatsapp: 'whatsapp',
  fb: 'facebook',
  ig: 'instagram',
  leads: 'facebook-leads',
  sms: 'sms',
};

/** A channel's origin for the contacts it creates: its own, else its type's. */
export function channelOriginOf(channel: { type: string; config: { origin?: string | null } }) {
  const own = channel.config.origin?.trim();
  if (own) return own;
  return CHANNEL_DEFAULT_ORIGIN[channel.type as ChannelTypeName] ?? 'channel';
}
