import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import { EXTERNAL_STATS_LIMIT, type ExternalStat } from '@cartera/domain/security';
import { outboundRequest, type OutboundResponse } from '../../lib/outbound';
import type { ExternalSystem } from './external-contacts.client';

/**
 * 03 §7 'External statistics' (issue #43 item 3): GET the company's statistics address with
 * ?id={contactId} and the system's token as a bearer token, through the outbound-URL guard. The
 * answer is a list of title and body (text or chip), as `{ stats: [...] }` or the bare list; a
 * body may be a number. Items that are not in that shape are left out; the first 50 are kept and
 * long texts are cut. Any other answer is EXTERNAL_SYSTEM_ERROR.
 */
const TIMEOUT_MS = 5_000;

const ZText = z.union([z.string(), z.number()]).transform((value) => String(value));
const ZItem = z.object({
  title: ZText,
  body: ZText.nullish(),
  type: z.string().nullish(),
});
const ZAnswer = z.union([z.object({ stats: z.array(z.unknown()) }), z.array(z.unknown())]);

export async function fetchExternalStats(
  system: ExternalSystem,
  statsUrl: string,
  contactId: string,
): Promise<ExternalStat[]> {
  const url = `${statsUrl}${statsUrl.includes('?') ? '&' : '?'}id=${encodeURIComponent(contactId)}`;
  let answer: OutboundResponse;
  try {
    answer = await outboundRequest(url, {
      method: 'GET',
      headers: { authorization: `Bearer ${system.token}`, accept: 'application/json' },
      timeoutMs: TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('EXTERNAL_SYSTEM_ERROR', { system: system.name }, { cause: error });
  }
  let json: unknown;
  try {
    json = answer.ok ? JSON.parse(answer.text) : undefined;
  } catch {
    // Not JSON: refused below.
  }
  const parsed = ZAnswer.safeParse(json);
  if (!answer.ok || !parsed.success) {
    throw new DomainError('EXTERNAL_SYSTEM_ERROR', { system: system.name });
  }
  const list = Array.isArray(parsed.data) ? parsed.data : parsed.data.stats;
  const items: ExternalStat[] = [];
  for (const raw of list) {
    const item = ZItem.safeParse(raw);
    if (!item.success || !item.data.title.trim()) continue;
    items.push({
      title: item.data.title.trim().slice(0, 200),
      body: (item.data.body ?? '').trim().slice(0, 1000),
      kind: item.data.type === 'chip' ? 'chip' : 'text',
    });
    if (items.length === EXTERNAL_STATS_LIMIT) break;
  }
  return items;
}
