import type { ChannelTypeName } from '@cartera/domain/channels';
import type { AppDeps } from '../../deps';
import { servedHeaders } from './file-access.service';

/**
 * Signed read URLs for readers without a session (issue #30 §5): the providers that fetch a file
 * a seller sends, and the public pages that show one. Everyone else reads a file at its
 * permanent address, which checks the session.
 */

/**
 * How long a provider may take to fetch what we send (docs/decisions.md 'Files'): Meta's
 * WhatsApp and Messenger APIs and the WhatsApp gateways download the link while they handle the
 * send; an hour covers a slow download of a large video. Twilio fetches the media when the
 * message leaves its queue, which may hold it up to the longest validity period, 36,000 s.
 */
export const PROVIDER_FETCH_WINDOW_SECONDS: Record<ChannelTypeName, number> = {
  whatsapp_business: 3_600,
  whatsapp_360_dialog: 3_600,
  fb: 3_600,
  ig: 3_600,
  leads: 3_600,
  sms: 36_000,
  unofficial_wpp: 3_600,
  personal_whatsapp: 3_600,
};

/** A public page's links live 5 to 10 minutes, the same URL for 5 minutes (a page that polls). */
const PAGE_LINK_STEP_SECONDS = 300;

async function signedUrlOf(
  deps: Pick<AppDeps, 'storage'>,
  url: string,
  seconds: number,
): Promise<string> {
  const key = deps.storage.keyOf(url);
  // An address elsewhere (a template's public image) is the provider's to fetch as it is.
  if (!key) return url;
  const stored = await deps.storage.stat(key);
  const served = servedHeaders(stored?.contentType ?? 'application/octet-stream', key);
  return deps.storage.signedReadUrl(key, seconds, served);
}

/** The URL a provider is given for a file a seller sends through a channel of this type. */
export function mediaReadUrl(
  deps: Pick<AppDeps, 'storage'>,
  url: string,
  channelType: ChannelTypeName,
) {
  return signedUrlOf(deps, url, PROVIDER_FETCH_WINDOW_SECONDS[channelType] ?? 3_600);
}

/**
 * The URL a public page shows a file at (the sandbox's customer page): signed until the end of
 * the next 5-minute step, so a page that reads its list every second gets the same URL (and the
 * browser's cached copy) for a while.
 */
export function pageReadUrl(deps: Pick<AppDeps, 'storage'>, url: string, now = Date.now()) {
  const seconds = Math.floor(now / 1000);
  const until = (Math.floor(seconds / PAGE_LINK_STEP_SECONDS) + 2) * PAGE_LINK_STEP_SECONDS;
  return signedUrlOf(deps, url, until - seconds);
}
