import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createDatabase, type DatabaseHandle } from '@cartera/db/client';
import { migrateDatabase } from '@cartera/db/migrate';
import { isEmpty, seedDemo, type DemoData } from '@cartera/db/seed';
import type { AppDeps } from './deps';
import type { Env } from './env';
import { registerHealthRoute } from './http/health';
import { registerMapTiles } from './http/map-tiles';
import { registerWebApp, webDistFolder } from './http/web';
import { appJobs } from './app-jobs';
import { JobRunner } from './jobs/runner';
import { createLogger, type Logger } from './logger';
import { registerAccountRoutes } from './modules/account/account.rest';
import { registerAdminRoutes } from './modules/admin/admin.rest';
import { registerCatalogRoutes } from './modules/catalog/catalog.rest';
import { registerCompaniesRoutes } from './modules/companies/companies.rest';
import { registerContactsRoutes } from './modules/contacts/contacts.rest';
import { registerInteractionsRoutes } from './modules/interactions/interactions.rest';
import { registerPlacesRoutes } from './modules/places/places.rest';
import { registerSettingsRoutes } from './modules/settings/settings.rest';
import { registerPhoneRoutes } from './modules/phone/phone.rest';
import {
  AircallSandbox,
  registerPhoneSandboxRoutes,
  seedPhoneSandbox,
} from './modules/phone/phone-sandbox';
import { registerEmailRoutes } from './modules/email/email.rest';
import { registerMeetingRoutes } from './modules/meetings/meetings.rest';
import { registerActionsHistoryRoutes } from './modules/actions-history/actions-history.rest';
import { registerGoalsRoutes } from './modules/goals/goals.rest';
import { registerReceiptsRoutes } from './modules/receipts/receipts.rest';
import { registerRequestSalesRoutes } from './modules/request-sales/request-sales.rest';
import { registerTrainingRoutes } from './modules/training/training.rest';
import { registerNotificationsRoutes } from './modules/notifications/notifications.rest';
import { registerSecurityRoutes } from './modules/security/security.rest';
import { registerSharedInboxesRoutes } from './modules/shared-inboxes/shared-inboxes.rest';
import { registerDocsRoutes } from './http/docs';
import { registerFramedPage } from './http/framed-page';
import { registerTestClockRoute } from './http/test-clock';
import { listShortcuts } from './modules/catalog/conversation-config.service';
import { coachInfo } from './modules/training/training.service';
import type { AuthUser } from './modules/sessions/session.types';
import { shortcutSampleUrl } from '@cartera/domain/shortcuts';
import { configureOutbound } from './lib/outbound';
import { configureSecretBox } from './lib/secret-box';
import { registerAuthRoutes } from './modules/auth/auth.rest';
import { registerFilesRoutes } from './modules/files/files.rest';
import { registerChannelsRoutes } from './modules/channels/channels.rest';
import { registerChannelWebhooks } from './modules/channels/channels.webhooks';
import {
  ingestEvent,
  ingestEventsTogether,
  receiveWebhook,
  takenInTogether,
} from './modules/channels/channel-inbound.service';
import { startWebhookInbox } from './modules/channels/webhook-inbox';
import { startWebhookDispatcher } from './modules/webhooks/webhook-delivery.service';
import { startNpsReader } from './modules/nps/nps-events';
import { registerNpsRoutes } from './modules/nps/nps.rest';
import { registerCampaignRoutes } from './modules/campaigns/campaigns.rest';
import { registerSandboxRoutes } from './modules/channels/sandbox.rest';
import { registerFormsRoutes } from './modules/forms/forms.rest';
import { registerAiRoutes } from './modules/ai/ai.rest';
import { seedSandbox } from './modules/channels/sandbox.seed';
import { WhatsappSandbox } from './providers/sandbox/sandbox';
import { startSessionCache } from './modules/sessions/session-cache';
import { EventBus } from './realtime/event-bus';
import { LocalStorage } from './storage/local-storage';
import { S3Storage } from './storage/s3-storage';
import type { FileStorage } from './storage/storage';
import { createContextFor } from './trpc/context';
import { mountTrpc } from './trpc/http-handler';
import { procedureCatalog } from './trpc/procedure-catalog';
import { databaseApiTokenBudget } from './modules/sessions/api-token-budget';
import { closeMailWatches } from './modules/email/mail-watch.service';
import { describeError } from './trpc/errors';
import { appRouter } from './router';
import { withRequestCache } from './lib/request-cache';
import { registerOriginGuard, verifyWebsocketOrigin } from './http/origin-guard';
import { TRPC_MAX_BATCH_SIZE } from '@cartera/domain/limits';
import { APP_VERSION } from './version';

export interface BuildAppOptions {
  env: Env;
  /** An open database to use (tests); otherwise one is opened from the environment. */
  database?: DatabaseHandle;
  logger?: Logger;
  /** Serve the built web app when present (default true). */
  serveWeb?: boolean;
}

export interface App {
  server: FastifyInstance;
  deps: AppDeps;
  /** Starts listening; resolves to the address, e.g. http://127.0.0.1:3000. */
  listen(): Promise<string>;
  /** Graceful stop: no new requests, finish jobs, close sockets and the database. */
  close(): Promise<void>;
}

function createStorage(env: Env): FileStorage {
  return env.s3
    ? new S3Storage(env.s3, () => env.publicUrl)
    : new LocalStorage(join(env.dataDir, 'files'), () => env.publicUrl, env.sessionSecret);
}

/** Builds one server instance: used by main.ts and by every server test. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { env } = options;
  const logger = options.logger ?? createLogger(env);
  const ownsDatabase = !options.database;
  const database =
    options.database ?? createDatabase({ url: env.databaseUrl, dataDir: join(env.dataDir, 'db') });

  await migrateDatabase(database);
  let seededDemo: DemoData | undefined;
  if (env.seedDemo && (await isEmpty(database.db))) {
    seededDemo = await database.db.transaction((tx) => seedDemo(tx));
    logger.info('seeded the demo data');
  }

  const events = new EventBus(database, logger, env.eventBus);
  const jobs = new JobRunner<AppDeps>(database, logger, env.jobsEnabled);
  const deps: AppDeps = {
    env,
    logger,
    database,
    db: database.db,
    events,
    jobs,
    storage: createStorage(env),
    sandbox: new WhatsappSandbox(),
    procedures: procedureCatalog(appRouter),
    apiTokenBudget: databaseApiTokenBudget(database.db, env.apiTokenRateLimit),
  };
  // The 'Canal de prueba' posts its simulated webhooks through the real ingestion.
  deps.sandbox.connect((channel, request) =>
    receiveWebhook(deps, 'whatsapp', channel.webhookKey, request),
  );

  // Addresses tenants configure are called only through the guard, with the operator's exceptions.
  configureOutbound({
    allowedHosts: env.outboundAllowedHosts,
    allowedOrigins: [
      ...(env.ai?.startedHere ? [env.ai.baseUrl] : []),
      ...(env.meetings.startedHere ? [env.meetings.startedHere] : []),
    ],
  });
  configureSecretBox(env.secretsKey);

  const server: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // The client address of the per-IP login limit and the logs: X-Forwarded-For only from the
    // proxies the operator lists (TRUSTED_PROXIES), else the connection's own address.
    trustProxy: env.trustedProxies.length ? env.trustedProxies : false,
    // Tests stop instances while keep-alive connections are open; production drains idle ones.
    forceCloseConnections: env.nodeEnv === 'test' ? true : 'idle',
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 5_000 },
  });

  server.setErrorHandler((error, request, reply) => {
    const described = describeError(error);
    if (described.httpStatus >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(described.httpStatus).send({
      code: described.domainCode,
      message: described.message,
      ...(described.fieldErrors ? { fieldErrors: described.fieldErrors } : {}),
    });
  });

  // Each request reads the tenant's configuration once, whatever the services it runs need.
  server.addHook('onRequest', (_request, _reply, done) => withRequestCache(done));
  registerOriginGuard(server, env.publicUrl);
  await server.register(fastifyHelmet, { contentSecurityPolicy: { directives: cspFor(env) } });
  await server.register(fastifyCookie);
  // Uploaded files that the server reads itself (the goals spreadsheet); one small file a request.
  await server.register(fastifyMultipart, { limits: { files: 1, fileSize: 5 * 1024 * 1024 } });
  await server.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Cartera REST API',
        version: APP_VERSION,
        description:
          'Legacy REST adapters of Cartera. The web app speaks tRPC at /api/trpc; these paths ' +
          'serve API clients. Errors answer { code, message } with the Spanish text.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'cartera_session' },
        },
      },
    },
    hideUntagged: true,
  });
  await server.register(fastifyWebsocket, {
    options: { maxPayload: 1024 * 1024, verifyClient: verifyWebsocketOrigin(env.publicUrl) },
  });
  await mountTrpc(server, {
    prefix: '/api/trpc',
    router: appRouter,
    createContext: ({ req, res, info }) =>
      createContextFor(deps, req, {
        connectionParams: info.connectionParams,
        reply: 'setCookie' in res ? res : undefined,
        transport: 'setCookie' in res ? 'http' : 'ws',
      }),
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
    // A batch of more calls is refused whole (400): the web's batch link sends at most this many.
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    onError: ({ error, path }) => {
      if (describeError(error).httpStatus >= 500) {
        logger.error({ err: error.cause ?? error, path }, 'procedure failed');
      }
    },
  });

  registerHealthRoute(server, deps);
  registerMapTiles(server);
  registerAuthRoutes(server, deps);
  registerAccountRoutes(server, deps);
  registerAdminRoutes(server, deps);
  registerCatalogRoutes(server, deps);
  registerCompaniesRoutes(server, deps);
  registerContactsRoutes(server, deps);
  registerInteractionsRoutes(server, deps);
  registerPlacesRoutes(server, deps);
  registerSettingsRoutes(server, deps);
  registerPhoneRoutes(server, deps);
  // 'Aircall de prueba': the demo's phone provider, answered in process (issue #39).
  const phoneSandbox = new AircallSandbox(deps);
  phoneSandbox.start();
  registerPhoneSandboxRoutes(server, deps, phoneSandbox);
  registerEmailRoutes(server, deps);
  registerMeetingRoutes(server, deps);
  registerGoalsRoutes(server, deps);
  registerActionsHistoryRoutes(server, deps);
  registerReceiptsRoutes(server, deps);
  registerRequestSalesRoutes(server, deps);
  registerTrainingRoutes(server, deps);
  registerNotificationsRoutes(server, deps);
  registerSecurityRoutes(server, deps);
  registerSharedInboxesRoutes(server, deps);
  await registerFilesRoutes(server, deps);
  registerChannelsRoutes(server, deps);
  await registerChannelWebhooks(server, deps);
  registerSandboxRoutes(server, deps);
  registerFormsRoutes(server, deps);
  registerNpsRoutes(server, deps);
  registerCampaignRoutes(server, deps);
  registerAiRoutes(server, deps);
  registerDocsRoutes(server, appRouter);
  registerTestClockRoute(server, deps);
  registerFramedPage(server, deps, (user) => framedOrigins(deps, user));
  await registerWebApp(server, options.serveWeb === false ? undefined : webDistFolder());

  await events.start();
  const stopSessionCache = await startSessionCache(database, logger);
  jobs.register(appJobs);
  await jobs.start(deps);
  const inbox = await startWebhookInbox(deps, {
    one: (channel, event) => ingestEvent(deps, channel, event),
    together: (items) => ingestEventsTogether(deps, items),
    batchable: takenInTogether,
  });
  const webhookDispatcher = startWebhookDispatcher(deps);
  const npsReader = startNpsReader(deps);
  if (seededDemo) await seedSandbox(deps, seededDemo);
  if (seededDemo) await seedPhoneSandbox(deps, seededDemo.demo.id);

  let closed = false;
  return {
    server,
    deps,
    async listen() {
      return server.listen({ port: env.port, host: env.host });
    },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      deps.sandbox.close();
      phoneSandbox.close();
      await inbox.stop();
      await webhookDispatcher.stop();
      await npsReader.stop();
      // The mail watchers' jobs hold IMAP connections open: they end at once, not at a timeout.
      closeMailWatches();
      await jobs.stop().catch((error: unknown) => logger.warn({ err: error }, 'jobs stop failed'));
      await events.stop();
      await stopSessionCache();
      if (ownsDatabase) await database.close();
    },
  };
}

/**
 * The web's policy (issue #30 S13): it connects to itself (its websocket included) and the
 * upload storage only, and frames only its own pages: another site's page is framed through
 * /api/frame (http/framed-page.ts), which lets that one origin in when the company configured it.
 */
function cspFor(env: Env) {
  const connect = ["'self'"];
  const uploadOrigin = env.s3?.publicUrl ?? env.s3?.endpoint;
  if (uploadOrigin) connect.push(new URL(uploadOrigin).origin);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: [
      "'self'",
      'data:',
      'blob:',
      'https:',
      ...(uploadOrigin ? [new URL(uploadOrigin).origin] : []),
    ],
    mediaSrc: ["'self'", 'blob:', 'https:'],
    connectSrc: connect,
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    // A document's preview shows the PDF it fetched, as a blob, in a frame (03 §3); an internal
    // shortcut (03 §5) and 'Agendar reunión' frame /api/frame, which frames the configured page.
    frameSrc: ["'self'", 'blob:', 'https://phone.aircall.io'],
    frameAncestors: ["'self'"],
  };
}

/**
 * The origins of the pages the user's company configured to be shown inside Cartera: its internal
 * shortcuts (03 §5, by the address a template gives) and its coach's meeting page.
 */
async function framedOrigins(deps: AppDeps, user: AuthUser): Promise<string[]> {
  const [shortcuts, { coach }] = await Promise.all([
    listShortcuts(deps.db, user.tenantId),
    coachInfo(deps.db, user),
  ]);
  const addresses = [
    ...shortcuts
      .filter((shortcut) => shortcut.redirectionType === 'internal')
      .map((shortcut) => shortcutSampleUrl(shortcut.url)),
    coach?.meetLink,
  ];
  const origins = new Set<string>();
  for (const address of addresses) {
    try {
      if (address) origins.add(new URL(address).origin);
    } catch {
      // A template whose address is not one yet frames nothing.
    }
  }
  return [...origins];
}
