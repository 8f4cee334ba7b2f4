import { DomainError } from '@cartera/domain/errors';
import type { Executor } from '@cartera/db/client';
import { countApiTokenCall, deletePastApiTokenCalls } from './api-token.repository';
import type { AuthSession } from './session.types';

/**
 * What a personal API token may spend: `limit` calls a minute (API_TOKEN_RATE_LIMIT), whatever
 * the transport (a tRPC call over HTTP or a websocket, a REST request) and whichever instance
 * answers it. Sessions of the web are not limited here.
 */
export interface ApiTokenBudget {
  /** Counts one call of the session's token; TOO_MANY_REQUESTS (429) past the limit. */
  charge(session: AuthSession): Promise<void>;
}

/** The budget counted in PostgreSQL (`api_token_calls`, one row per token and minute). */
export function databaseApiTokenBudget(db: Executor, limit: number): ApiTokenBudget {
  return {
    async charge(session) {
      if (!session.apiToken) return;
      const calls = await countApiTokenCall(db, session.user.tenantId, session.apiToken.id);
      if (calls > limit) throw new DomainError('TOO_MANY_REQUESTS');
    },
  };
}

/** Drops the counts of tokens idle for a day. */
export function purgePastApiTokenCalls(db: Executor): Promise<number> {
  return deletePastApiTokenCalls(db);
}
