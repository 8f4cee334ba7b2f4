import { es, format } from '@cartera/domain/i18n';

/**
 * Why a provider's refusal disconnected a channel, as 'Canales' shows it (issue #31): Spanish
 * from the catalogue (the meaning of the provider's code when it is known) with the provider's
 * code kept for support; the provider's own English message goes to the log only.
 */
export function refusalStatusReason(providerCode: string | undefined) {
  const meaning = providerCode
    ? es.conversation.timeline.chat.providerErrors[providerCode]
    : undefined;
  const text = meaning ?? es.channels.statusReasons.providerRefused;
  return providerCode
    ? format(es.channels.statusReasons.withCode, { text, code: providerCode })
    : text;
}
