import { z } from 'zod';
import { ZJsonObject } from '@cartera/domain/input';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { mayUseTemplate } from '@cartera/domain/request-sales';
import { AnswerTooLongError, outboundRequest } from '../../lib/outbound';
import type { AuthUser } from '../sessions/session.types';
import { assertEnabled, requireTemplate, rulesOf } from './request-templates.service';
import { ZId } from '@cartera/domain/ids';

/*
 * The `search` field of a template (02 §7): the server calls the field's endpoint, a URL the
 * tenant configured, only through the outbound guard (lib/outbound.ts), and answers the results
 * as {title, value, values}; any failure is an empty list with `failed`.
 */

export const ZSearchFieldInput = z.object({
  templateId: ZId,
  field: z.string().trim().min(1).max(60),
  search: z.string().max(200).default(''),
});

export const ZSearchResult = z.object({
  items: z.array(
    z.object({
      title: z.string(),
      value: z.string(),
      values: ZJsonObject.optional(),
    }),
  ),
  /** The endpoint failed or was refused: the web shows a generic notice. */
  failed: z.boolean(),
});

// ---------------------------------------------------------------------------------------------
// The `search` field (02 §7): the field's endpoint, only through the outbound guard.

const SEARCH_TIMEOUT_MS = 5_000;
const SEARCH_MAX_RESULTS = 50;

function searchItems(body: unknown) {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data)
      ? (body as { data: unknown[] }).data
      : null;
  if (!list) return null;
  const items: z.infer<typeof ZSearchResult>['items'] = [];
  for (const raw of list.slice(0, SEARCH_MAX_RESULTS)) {
    if (!raw || typeof raw !== 'object') continue;
    const item = raw as Record<string, unknown>;
    const value = item.value;
    if (typeof item.title !== 'string' || (typeof value !== 'string' && typeof value !== 'number'))
      continue;
    const values =
      item.values && typeof item.values === 'object' && !Array.isArray(item.values)
        ? (item.values as Record<string, unknown>)
        : undefined;
    items.push({ title: item.title, value: String(value), ...(values ? { values } : {}) });
  }
  return items;
}

export async function searchField(
  db: Executor,
  user: AuthUser,
  raw: z.input<typeof ZSearchFieldInput>,
) {
  assertEnabled(user);
  const input = ZSearchFieldInput.parse(raw);
  const template = await requireTemplate(db, user, input.templateId);
  const rules = rulesOf(template);
  if (!mayUseTemplate(rules, { id: user.id, roles: user.roles })) {
    throw new DomainError('REQUEST_TEMPLATE_ROLES');
  }
  const field = [...rules.body, ...rules.lineBody].find(
    (each) => each.field === input.field && each.type === 'search',
  );
  if (!field?.endpointUrl) throw new DomainError('NOT_FOUND');
  const failed = { items: [], failed: true };
  let url: URL;
  try {
    url = new URL(field.endpointUrl);
  } catch {
    return failed;
  }
  url.searchParams.set('search', input.search);
  try {
    const response = await outboundRequest(url.toString(), {
      timeoutMs: SEARCH_TIMEOUT_MS,
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return failed;
    const items = searchItems(JSON.parse(response.text));
    return items ? { items, failed: false } : failed;
  } catch (error) {
    // A refused address, a timeout, a reset, a too long or unreadable answer: a generic notice.
    if (error instanceof DomainError || error instanceof AnswerTooLongError) return failed;
    return failed;
  }
}
