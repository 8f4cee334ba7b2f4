import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hkdfSync, randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** The only reader of process.env. Every variable is listed with its default in .env.example. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((value) => value === 'true' || value === '1');

const optional = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

const DEFAULT_GOOGLE_PLACES_BASE_URL = 'https://places.googleapis.com';
/** The server's own neutral map tile (http/map-tiles.ts), used while MAP_TILE_URL is empty. */
export const LOCAL_MAP_TILE_URL = '/api/map-tiles/{z}/{x}/{y}.png';

/** A provider's base URL: http(s), without a trailing slash; empty means the default. */
const providerBaseUrl = (fallback: string) =>
  z
    .union([z.literal(''), z.url({ protocol: /^https?$/ })])
    .optional()
    .transform((value) => (value ? value.replace(/\/+$/, '') : fallback));

/** Waits in whole seconds (at least `minimum`), comma-separated, as a list. */
const secondsList = (fallback: string, minimum: number) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const waits = value
        .split(',')
        .map((each) => each.trim())
        .filter(Boolean)
        .map(Number);
      if (!waits.length || waits.some((each) => !Number.isInteger(each) || each < minimum)) {
        ctx.addIssue({
          code: 'custom',
          message: `whole seconds (${minimum} or more), comma-separated`,
        });
        return z.NEVER;
      }
      return waits;
    });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optional,
  /** How live events travel between instances (realtime/event-transports.ts). */
  EVENT_BUS: z
    .enum(['memory', 'postgres', 'redis', ''])
    .optional()
    .transform((value) => (value ? value : undefined)),
  REDIS_URL: optional,
  CARTERA_DATA_DIR: z.string().default('./.data'),
  CARTERA_SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  PUBLIC_URL: optional,
  SESSION_SECRET: optional,
  S3_ENDPOINT: optional,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  S3_PUBLIC_URL: optional,
  JOBS_ENABLED: booleanFlag.default(true),
  /**
   * Tests only: POST /api/test/clock moves the server's clock ahead (lib/clock.ts). Refused unless
   * PUBLIC_URL is on this machine (127.0.0.1, ::1 or localhost): never on a reachable server.
   */
  TEST_CLOCK: booleanFlag.default(false),
  /**
   * Waits (seconds, comma-separated) between tries of a customer's file that could not be
   * fetched from the provider; the last one repeats while the provider keeps the file.
   */
  MEDIA_FETCH_RETRY_SECONDS: secondsList('30,120,600,3600,21600', 1),
  /**
   * Waits (seconds, comma-separated) between tries of an outbound webhook delivery; the last one
   * repeats until WEBHOOK_RETRY_WINDOW_SECONDS have passed, then the delivery is failed. 0 (in
   * tests) makes a retry due at once.
   */
  WEBHOOK_RETRY_SECONDS: secondsList('10,30,60,300,900,1800,3600', 0),
  /** How long a webhook delivery is retried before it is failed (24 hours). */
  WEBHOOK_RETRY_WINDOW_SECONDS: z.coerce.number().int().min(0).default(86_400),
  /** A subscription whose deliveries fail for this long is paused (3 days). */
  WEBHOOK_PAUSE_AFTER_SECONDS: z.coerce.number().int().min(0).default(259_200),
  /** The most tries of a customer's file; 0: as long as the provider keeps it. */
  MEDIA_FETCH_ATTEMPTS: z.coerce.number().int().min(0).default(0),
  /** Calls a personal API token may make per minute on this instance. */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /**
   * Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges, comma-separated).
   * Empty: the client address is the connection's, whatever a header says.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((each) => each.trim())
        .filter(Boolean),
    ),
  /**
   * Host names the server may call whatever they resolve to (comma-separated): a company system
   * on a private network, the providers' fakes on 127.0.0.1. Every other address a tenant
   * configures must be public (`lib/outbound.ts`).
   */
  OUTBOUND_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((each) => each.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Encrypts channel secrets at rest (base64 of 32 bytes); empty derives a key from
   * SESSION_SECRET, so changing that secret then makes stored channel secrets unreadable.
   */
  SECRETS_KEY: optional,
  META_GRAPH_BASE_URL: providerBaseUrl('https://graph.facebook.com/v22.0'),
  DIALOG360_BASE_URL: providerBaseUrl('https://waba-v2.360dialog.io'),
  TWILIO_BASE_URL: providerBaseUrl('https://api.twilio.com'),
  AIRCALL_BASE_URL: providerBaseUrl('https://api.aircall.io/v1'),
  GOOGLE_PLACES_API_KEY: optional,
  GOOGLE_PLACES_BASE_URL: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ })])
    .optional()
    .transform((value) => (value ? value.replace(/\/+$/, '') : DEFAULT_GOOGLE_PLACES_BASE_URL)),
  /**
   * The contact map's raster tiles: a URL template with {z}, {x} and {y} (and optionally {s});
   * empty uses the server's own neutral tile (/api/map-tiles/{z}/{x}/{y}.png), fetching nothing
   * from outside. MAP_TILE_ATTRIBUTION is the credit the tile provider asks to show.
   */
  MAP_TILE_URL: z
    .string()
    .trim()
    .default('')
    .refine((value) => !value || ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), {
      message: 'must contain {z}, {x} and {y}',
    }),
  MAP_TILE_ATTRIBUTION: z.string().trim().default(''),
  /** Nylas v3 (personal e-mail of Gmail and Outlook): offered only with the key and client id. */
  NYLAS_API_KEY: optional,
  NYLAS_CLIENT_ID: optional,
  NYLAS_API_URI: providerBaseUrl('https://api.us.nylas.com'),
  /**
   * Meetings (issue #40): Google Calendar with Meet through a Google OAuth client (per agent),
   * offered only with its id and secret; Zoom's Server-to-Server OAuth is a company's own app.
   */
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_OAUTH_BASE_URL: providerBaseUrl('https://accounts.google.com'),
  GOOGLE_TOKEN_URL: providerBaseUrl('https://oauth2.googleapis.com/token'),
  GOOGLE_CALENDAR_BASE_URL: providerBaseUrl('https://www.googleapis.com'),
  ZOOM_OAUTH_BASE_URL: providerBaseUrl('https://zoom.us'),
  ZOOM_API_BASE_URL: providerBaseUrl('https://api.zoom.us'),
  /** The secret Nylas gave when the webhook was created: checks `x-nylas-signature`. */
  NYLAS_WEBHOOK_SECRET: optional,
  /** Where Nylas's hosted authentication sends the user back; default PUBLIC_URL/settings. */
  NYLAS_REDIRECT_URI: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ })])
    .optional()
    .transform((value) => (value ? value : undefined)),
  /**
   * AI-drafted replies (issue #44): one OpenAI-compatible chat-completions endpoint for the
   * installation, called at AI_BASE_URL/chat/completions. Without it, drafting is off (the
   * demo started by `npm start` uses its own fake instead: main.ts).
   */
  AI_BASE_URL: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ })])
    .optional()
    .transform((value) => (value ? value.replace(/\/+$/, '') : undefined)),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  /**
   * The support entry of the side menu (01 §2 'Support'; issue #44 item 4): where users get help
   * (a help desk, a WhatsApp link, a mail address as mailto:). Without it there is no entry.
   */
  SUPPORT_URL: z
    .union([z.literal(''), z.url({ protocol: /^(https|mailto)$/ })])
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** Sent as `Authorization: Bearer …`; empty for an endpoint that asks for none. */
  AI_API_KEY: optional,
});

export type RawEnv = z.infer<typeof EnvSchema>;

export interface S3Config {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  publicUrl: string | undefined;
}

export interface GooglePlacesConfig {
  /** Without a key, address search answers that it is not configured. */
  apiKey: string | undefined;
  /** Origin of the Places API (New); tests point it at a local fake. */
  baseUrl: string;
}

/** Nylas v3 (integrations.md §6), when the operator configured it. */
export interface NylasConfig {
  apiKey: string;
  clientId: string;
  /** https://api.us.nylas.com or the EU's; tests point it at the fake. */
  apiUri: string;
  /** Without it every webhook is refused (nothing can be verified). */
  webhookSecret: string | undefined;
  redirectUri: string;
}

/** The chat-completions endpoint that drafts replies (issue #44 item 3). */
export interface AiConfig {
  /** The API's base (…/v1): the server posts to `${baseUrl}/chat/completions`. */
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  /**
   * The demo's fake, started by this process on 127.0.0.1: the outbound guard lets exactly its
   * origin through (not the whole host).
   */
  startedHere?: boolean;
}

/** Where the messaging providers are reached (tests and the sandbox point them elsewhere). */
export interface ProviderUrls {
  metaGraph: string;
  dialog360: string;
  twilio: string;
}

export interface Env {
  nodeEnv: RawEnv['NODE_ENV'];
  port: number;
  host: string;
  logLevel: RawEnv['LOG_LEVEL'];
  databaseUrl: string | undefined;
  /**
   * The live events' transport: EVENT_BUS, else 'redis' when REDIS_URL is set, else the
   * database's default ('memory' embedded, 'postgres' on a server).
   */
  eventBus: {
    transport: 'memory' | 'postgres' | 'redis' | undefined;
    redisUrl: string | undefined;
  };
  dataDir: string;
  seedDemo: boolean;
  /** Base of links the server hands out (signed upload URLs, stored file paths). */
  publicUrl: string;
  sessionSecret: string;
  s3: S3Config | undefined;
  jobsEnabled: boolean;
  /** The test clock's route is served (tests only; refused off this machine). */
  testClock: boolean;
  /** How a customer's file that could not be fetched is tried again (inbound-media.service). */
  mediaFetch: { retrySeconds: number[]; attempts: number };
  /** Outbound webhooks: waits between tries, how long a delivery is retried, when to pause. */
  webhooks: { retrySeconds: number[]; retryWindowSeconds: number; pauseAfterSeconds: number };
  trustedProxies: string[];
  apiTokenRateLimit: number;
  outboundAllowedHosts: string[];
  googlePlaces: GooglePlacesConfig;
  /** The contact map's tiles: the template Leaflet loads and the credit it shows. */
  mapTiles: { url: string; attribution: string };
  /** The key that encrypts channel secrets (32 bytes). */
  secretsKey: Buffer;
  providers: ProviderUrls;
  /** Aircall's Public API (issue #39); a company's connection keeps the one it was made with. */
  aircallBaseUrl: string;
  /** Personal e-mail through Nylas: undefined unless NYLAS_API_KEY and NYLAS_CLIENT_ID are set. */
  nylas: NylasConfig | undefined;
  /** AI-drafted replies: undefined unless AI_BASE_URL is set (or the demo starts its fake). */
  ai: AiConfig | undefined;
  /** Meetings' providers (issue #40); `google` undefined without GOOGLE_CLIENT_ID and secret. */
  meetings: MeetingProvidersConfig;
  /** The side menu's support entry (SUPPORT_URL); none without it. */
  supportUrl: string | undefined;
}

export interface MeetingProvidersConfig {
  google:
    | {
        clientId: string;
        clientSecret: string;
        oauthUrl: string;
        tokenUrl: string;
        calendarUrl: string;
        /** Where Google sends the agent back: PUBLIC_URL/settings. */
        redirectUri: string;
      }
    | undefined;
  zoom: { oauthUrl: string; apiUrl: string };
  /** The demo's fake of both on 127.0.0.1 (main.ts), which the outbound guard lets through. */
  startedHere?: string;
}

export class EnvError extends Error {}

/**
 * Validates the environment. Without SESSION_SECRET a random one is created once per data
 * folder, so signed links survive restarts of a development installation.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new EnvError(`Invalid environment: ${problems}`);
  }
  const raw = parsed.data;
  const dataDir = resolve(raw.CARTERA_DATA_DIR);
  const sessionSecret = raw.SESSION_SECRET ?? persistedSecret(dataDir);
  const seedDemo =
    raw.CARTERA_SEED_DEMO === 'auto' ? !raw.DATABASE_URL : raw.CARTERA_SEED_DEMO === 'true';
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    logLevel: raw.LOG_LEVEL,
    databaseUrl: raw.DATABASE_URL,
    eventBus: {
      transport: raw.EVENT_BUS ?? (raw.REDIS_URL ? 'redis' : undefined),
      redisUrl: raw.REDIS_URL,
    },
    dataDir,
    seedDemo,
    publicUrl,
    sessionSecret,
    s3: raw.S3_BUCKET
      ? {
          endpoint: raw.S3_ENDPOINT,
          region: raw.S3_REGION,
          bucket: raw.S3_BUCKET,
          accessKeyId: raw.S3_ACCESS_KEY_ID,
          secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
          forcePathStyle: raw.S3_FORCE_PATH_STYLE,
          publicUrl: raw.S3_PUBLIC_URL,
        }
      : undefined,
    jobsEnabled: raw.JOBS_ENABLED,
    testClock: testClockAllowed(raw.TEST_CLOCK, raw.PUBLIC_URL),
    mediaFetch: { retrySeconds: raw.MEDIA_FETCH_RETRY_SECONDS, attempts: raw.MEDIA_FETCH_ATTEMPTS },
    webhooks: {
      retrySeconds: raw.WEBHOOK_RETRY_SECONDS,
      retryWindowSeconds: raw.WEBHOOK_RETRY_WINDOW_SECONDS,
      pauseAfterSeconds: raw.WEBHOOK_PAUSE_AFTER_SECONDS,
    },
    trustedProxies: raw.TRUSTED_PROXIES,
    apiTokenRateLimit: raw.API_TOKEN_RATE_LIMIT,
    outboundAllowedHosts: raw.OUTBOUND_ALLOWED_HOSTS,
    googlePlaces: {
      apiKey: raw.GOOGLE_PLACES_API_KEY?.trim() || undefined,
      baseUrl: raw.GOOGLE_PLACES_BASE_URL,
    },
    mapTiles: {
      url: raw.MAP_TILE_URL || LOCAL_MAP_TILE_URL,
      attribution: raw.MAP_TILE_ATTRIBUTION,
    },
    secretsKey: secretsKey(raw.SECRETS_KEY, sessionSecret),
    aircallBaseUrl: raw.AIRCALL_BASE_URL,
    providers: {
      metaGraph: raw.META_GRAPH_BASE_URL,
      dialog360: raw.DIALOG360_BASE_URL,
      twilio: raw.TWILIO_BASE_URL,
    },
    nylas:
      raw.NYLAS_API_KEY && raw.NYLAS_CLIENT_ID
        ? {
            apiKey: raw.NYLAS_API_KEY,
            clientId: raw.NYLAS_CLIENT_ID,
            apiUri: raw.NYLAS_API_URI,
            webhookSecret: raw.NYLAS_WEBHOOK_SECRET,
            redirectUri: raw.NYLAS_REDIRECT_URI ?? `${publicUrl}/settings`,
          }
        : undefined,
    ai: raw.AI_BASE_URL
      ? { baseUrl: raw.AI_BASE_URL, model: raw.AI_MODEL, apiKey: raw.AI_API_KEY }
      : undefined,
    supportUrl: raw.SUPPORT_URL,
    meetings: {
      google:
        raw.GOOGLE_CLIENT_ID && raw.GOOGLE_CLIENT_SECRET
          ? {
              clientId: raw.GOOGLE_CLIENT_ID,
              clientSecret: raw.GOOGLE_CLIENT_SECRET,
              oauthUrl: raw.GOOGLE_OAUTH_BASE_URL,
              tokenUrl: raw.GOOGLE_TOKEN_URL,
              calendarUrl: raw.GOOGLE_CALENDAR_BASE_URL,
              redirectUri: `${publicUrl}/settings`,
            }
          : undefined,
      zoom: { oauthUrl: raw.ZOOM_OAUTH_BASE_URL, apiUrl: raw.ZOOM_API_BASE_URL },
    },
  };
}

/** TEST_CLOCK only where nobody else can reach the server. */
function testClockAllowed(asked: boolean, publicUrl: string | undefined) {
  if (!asked) return false;
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  if (!['127.0.0.1', '[::1]', 'localhost'].includes(host)) {
    throw new EnvError(
      `Invalid environment: TEST_CLOCK is for tests on this machine, not for ${publicUrl}`,
    );
  }
  return true;
}

function secretsKey(configured: string | undefined, sessionSecret: string): Buffer {
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length !== 32)
      throw new EnvError('Invalid environment: SECRETS_KEY must be 32 bytes in base64');
    return key;
  }
  return Buffer.from(hkdfSync('sha256', sessionSecret, '', 'cartera channel secrets', 32));
}

function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
