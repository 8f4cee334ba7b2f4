import superjson from 'superjson';
import type { Me } from '../modules/auth/auth.service';
import type { RouterOutputs } from '../router';

/** 'company.list', 'auth.me'…: every procedure path of the app. */
export type ProcedurePath = {
  [R in keyof RouterOutputs]: `${R & string}.${keyof RouterOutputs[R] & string}`;
}[keyof RouterOutputs];

/** The output type of a procedure path. */
export type OutputOf<P extends string> = P extends `${infer R}.${infer N}`
  ? R extends keyof RouterOutputs
    ? N extends keyof RouterOutputs[R]
      ? RouterOutputs[R][N]
      : never
    : never
  : never;

export interface TrpcResult<T> {
  status: number;
  data?: T;
  error?: {
    message: string;
    data: {
      domainCode: string;
      details?: Record<string, unknown>;
      fieldErrors?: Record<string, string[]>;
    };
  };
  /** The Set-Cookie header of the answer, if any. */
  cookie: string | null;
}

export interface CallOptions {
  token?: string;
  cookie?: string;
  /** Sent as X-Forwarded-For (the server trusts the proxy header). */
  ip?: string;
  method?: 'GET' | 'POST';
}

/**
 * superjson's envelope of an input; an input superjson refuses to write (a key named
 * 'prototype', say) goes as plain JSON, as any other client could send it.
 */
function envelopeOf(input: unknown) {
  try {
    return superjson.serialize(input);
  } catch {
    return { json: input };
  }
}

/** Calls a tRPC procedure over real HTTP as the web does (superjson envelope). */
export async function trpcCall<T = unknown>(
  baseUrl: string,
  path: string,
  input?: unknown,
  options: CallOptions = {},
): Promise<TrpcResult<T>> {
  const method = options.method ?? 'POST';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  const body = JSON.stringify(envelopeOf(input ?? null));
  const url =
    method === 'GET'
      ? `${baseUrl}/api/trpc/${path}?input=${encodeURIComponent(body)}`
      : `${baseUrl}/api/trpc/${path}`;
  const response = await fetch(url, {
    method,
    headers,
    body: method === 'POST' ? body : undefined,
  });
  const json = (await response.json()) as {
    result?: { data: unknown };
    error?: { json: TrpcResult<T>['error'] };
  };
  return {
    status: response.status,
    data: json.result
      ? (superjson.deserialize(
          json.result.data as Parameters<typeof superjson.deserialize>[0],
        ) as T)
      : undefined,
    error: json.error?.json,
    cookie: response.headers.get('set-cookie'),
  };
}

/** POST /api/auth/login as an API client would. */
export async function restLogin(
  baseUrl: string,
  email: string,
  password = 'Demo1234',
  ip?: string,
) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(ip ? { 'x-forwarded-for': ip } : {}) },
    body: JSON.stringify({ email, password }),
  });
  return {
    status: response.status,
    /** The login answer, or `{ code, message }` when refused. */
    body: (await response.json()) as {
      token: string;
      user: Me;
      code?: string;
      message?: string;
    },
  };
}

/**
 * trpcCall with the output type taken from the procedure's path. `data` is typed as present:
 * a test reading it after a failed call fails on its own assertions anyway.
 */
export async function typedCall<P extends ProcedurePath>(
  baseUrl: string,
  path: P,
  input?: unknown,
  options?: CallOptions,
) {
  const result = await trpcCall<OutputOf<P>>(baseUrl, path, input, options);
  return { ...result, data: result.data as OutputOf<P> };
}

/**
 * A file uploaded as the web uploads it (the signed upload flow of /api/settings/getPressignedUrl
 * and a PUT of its bytes): its storage key, for records that point at it.
 */
export async function uploadFile(
  baseUrl: string,
  token: string,
  file: { name: string; mimeType: string; via: string; body: Buffer },
): Promise<string> {
  const ticket = await fetch(`${baseUrl}/api/settings/getPressignedUrl`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name: file.name,
      mimeType: file.mimeType,
      via: file.via,
      size: file.body.length,
    }),
  });
  const { url, key, headers } = (await ticket.json()) as {
    url: string;
    key: string;
    headers: Record<string, string>;
  };
  const put = await fetch(url, { method: 'PUT', headers, body: file.body });
  if (put.status !== 200) throw new Error(`upload of ${file.name}: ${put.status}`);
  return key;
}
