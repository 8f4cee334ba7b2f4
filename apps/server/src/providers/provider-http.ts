import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ErrorCode } from '@cartera/domain/errors';
import { DomainError } from '@cartera/domain/errors';
import { outboundRequest, type OutboundRequest, type OutboundResponse } from '../lib/outbound';
import { ProviderError } from './adapter';

/**
 * How adapters call their providers: through the outbound-URL guard (a gateway's address is
 * configured by the tenant), bounded in time, with the provider's failures sorted into those
 * worth trying again (the network, 429, 5xx) and the refusals, which the adapter names.
 */
export async function callProvider(
  url: string,
  request: OutboundRequest,
  failure: ErrorCode,
): Promise<OutboundResponse> {
  let response: OutboundResponse;
  try {
    const inProcess = inProcessProviderFor(url);
    response = inProcess
      ? await inProcess(url, request)
      : await outboundRequest(url, { timeoutMs: 15_000, ...request });
  } catch (error) {
    if (error instanceof DomainError)
      throw new ProviderError(failure, false, error.code, error.code);
    throw new ProviderError(failure, true, undefined, (error as Error).message);
  }
  if (response.status === 429 || response.status >= 500) {
    throw new ProviderError(failure, true, String(response.status), response.text.slice(0, 500));
  }
  return response;
}

/** The JSON of an answer, or an empty object when it is not JSON. */
export function jsonOf(response: { text: string }): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(response.text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Equal strings, compared in constant time (signatures, shared keys). */
export function sameSecret(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `sha256=<hex>` of HMAC-SHA256 over the raw body: Meta's X-Hub-Signature-256. */
export function metaSignature(appSecret: string, rawBody: Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** A header's single value. */
export function header(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Providers that run inside the server: the demo's 'Canal de prueba' answers the WhatsApp Cloud
 * API from an in-memory simulator (channels/sandbox). Its channels carry a base URL under the
 * `sandbox:` scheme, which no tenant can configure and the outbound guard would refuse anyway.
 */
export type InProcessProvider = (
  url: string,
  request: OutboundRequest,
) => Promise<OutboundResponse>;

const inProcessProviders = new Map<string, InProcessProvider>();

export function registerInProcessProvider(origin: string, provider: InProcessProvider) {
  if (!origin.startsWith('sandbox://'))
    throw new Error('in-process providers live under sandbox://');
  inProcessProviders.set(origin, provider);
  return () => inProcessProviders.delete(origin);
}

function inProcessProviderFor(url: string) {
  if (!url.startsWith('sandbox://')) return undefined;
  const end = url.indexOf('/', 'sandbox://'.length);
  return inProcessProviders.get(end === -1 ? url : url.slice(0, end));
}
