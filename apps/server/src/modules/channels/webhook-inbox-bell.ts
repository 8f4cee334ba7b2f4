import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';

/*
 * The webhook inbox's bell (webhook-inbox.ts): wakes the workers when webhooks were stored, and
 * counts the webhooks waiting for their answer so the worker steps aside in a burst.
 */

/** The NOTIFY channel a stored webhook wakes the workers on. */
export const WEBHOOK_INBOX_CHANNEL = 'cartera_webhooks';

/**
 * Webhooks waiting for their answer above which the worker steps aside: a provider's burst (a
 * campaign's replies: hundreds of connections at once) against a steady flow's handful. While
 * more wait, the lanes start no new event, so the answers get the event loop and the pool; the
 * inbox keeps what they store (issue #31 item 12).
 */
const BURST_IN_FLIGHT = 32;
/** The longest a lane steps aside at once, so a flood that never ends still moves the inbox. */
const STEP_ASIDE_MS = 200;

/**
 * Wakes the workers after webhooks were stored. PostgreSQL commits the transactions that NOTIFY
 * one at a time (a cluster-wide lock held through the commit's flush), so a provider's webhook
 * does not NOTIFY in its own insert: its commit joins the others' (group commit), this
 * instance's worker is woken in process, and the other instances by one NOTIFY at a time —
 * those stored while one is on its way share the next (and every worker also looks each second).
 */
export class InboxBell {
  /** This instance's worker, while it runs. */
  local: (() => void) | undefined;
  private notifying = false;
  private again = false;
  /** Webhooks of this instance received and not yet answered. */
  private inFlight = 0;
  private quiet: Array<() => void> = [];

  /** A webhook arrived; the result says it was answered. */
  received(): () => void {
    this.inFlight += 1;
    let answered = false;
    return () => {
      if (answered) return;
      answered = true;
      this.inFlight -= 1;
      if (this.inFlight <= BURST_IN_FLIGHT) for (const wake of this.quiet.splice(0)) wake();
    };
  }

  /** Resolves at once in a steady flow; in a burst, once it eases or STEP_ASIDE_MS passed. */
  async stepAside(): Promise<void> {
    if (this.inFlight <= BURST_IN_FLIGHT) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, STEP_ASIDE_MS);
      const quiet = this.quiet;
      function done() {
        clearTimeout(timer);
        const at = quiet.indexOf(done);
        if (at >= 0) quiet.splice(at, 1);
        resolve();
      }
      quiet.push(done);
    });
  }

  ring(deps: AppDeps) {
    this.local?.();
    if (this.notifying) {
      this.again = true;
      return;
    }
    this.notifying = true;
    void this.notifyOthers(deps);
  }

  private async notifyOthers(deps: AppDeps) {
    try {
      do {
        this.again = false;
        await deps.db.execute(sql`select pg_notify(${WEBHOOK_INBOX_CHANNEL}, '')`);
      } while (this.again);
    } catch (error) {
      // The rows are stored: the workers' polling finds them within a second.
      deps.logger.warn({ err: error }, 'webhooks: could not notify the other workers');
    } finally {
      this.notifying = false;
    }
  }
}

/** One bell per database (one app, or each app of a test). */
const bells = new WeakMap<object, InboxBell>();
export function bellOf(deps: AppDeps) {
  let bell = bells.get(deps.database);
  if (!bell) {
    bell = new InboxBell();
    bells.set(deps.database, bell);
  }
  return bell;
}
