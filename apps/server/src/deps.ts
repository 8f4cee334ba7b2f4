import type { Database, DatabaseHandle } from '@cartera/db/client';
import type { Env } from './env';
import type { JobRunner } from './jobs/runner';
import type { Logger } from './logger';
import type { EventBus } from './realtime/event-bus';
import type { FileStorage } from './storage/storage';
import type { WhatsappSandbox } from './providers/sandbox/sandbox';
import type { ProcedureCatalog } from './trpc/procedure-catalog';
import type { ApiTokenBudget } from './modules/sessions/api-token-budget';

/** What a server instance is made of; services receive the parts they need from it. */
export interface AppDeps {
  env: Env;
  logger: Logger;
  database: DatabaseHandle;
  db: Database;
  events: EventBus;
  jobs: JobRunner<AppDeps>;
  storage: FileStorage;
  /** The in-process WhatsApp of the 'Canal de prueba' channels. */
  sandbox: WhatsappSandbox;
  /** The typed API's procedures, which the REST adapters mirror (their access and token rules). */
  procedures: ProcedureCatalog;
  /** The calls personal API tokens may make (API_TOKEN_RATE_LIMIT a minute, all instances). */
  apiTokenBudget: ApiTokenBudget;
}
