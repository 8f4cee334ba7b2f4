import type { Interaction } from './timeline-model';

/** `interaction.after` answers at most this many; a full answer means there may be more. */
export const AFTER_LIMIT = 200;

function newer(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/** `interaction.items` answers at most this many ids per request. */
export const ITEMS_LIMIT = 50;

/** How items changed in place are brought up to date. */
export interface InPlaceChanges {
  fetch: (ids: string[]) => Promise<Interaction[]>;
  replace: (items: Interaction[]) => void;
}

/**
 * Keeps a live timeline complete (03 §2.1, issue #6 §3): after an event or a (re)connection it
 * asks for what came after the newest item the server listed, one request at a time; a call
 * while one runs makes it go round once more, so nothing announced meanwhile is missed. Ids are
 * time-ordered UUIDv7, so the newest is the greatest. Items changed in place (a call closed, a
 * suggestion taken) are fetched by id and replaced where they are.
 */
export class LiveCatchUp {
  private cursor: string | null = null;
  private running = false;
  private again = false;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly changed = new Set<string>();

  constructor(
    private readonly fetchAfter: (after: string) => Promise<Interaction[]>,
    /** With nothing listed yet there is no cursor: the first page is loaded again. */
    private readonly reload: () => Promise<unknown>,
    private readonly append: (items: Interaction[]) => void,
    private readonly changes?: InPlaceChanges,
  ) {}

  /** The newest id the server has listed so far. */
  saw(id: string | null) {
    this.cursor = newer(this.cursor, id);
  }

  /**
   * Runs a moment later: a burst of events makes one request, and a page that is leaving (a
   * seller who just handed the contact over) is gone before it asks for what it may no longer see.
   * `changedId` names an item changed in place: it is fetched again by id.
   */
  soon(delayMs: number, changedId?: string) {
    if (changedId) this.changed.add(changedId);
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, delayMs);
  }

  /** Drops a request waiting to run (the page is pausing its live updates). */
  cancel() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.changed.clear();
  }

  /** The screen closed: nothing more is asked or appended. */
  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Reads `ids` again by id, then what came after the cursor: items on screen may have changed
   * while nobody listened (before the live stream started).
   */
  recheck(ids: readonly string[]): Promise<void> {
    if (this.changes) for (const id of ids) this.changed.add(id);
    return this.run();
  }

  async run(): Promise<void> {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        if (!this.cursor) {
          this.changed.clear();
          await this.reload();
          continue;
        }
        await this.refreshChanged();
        const items = await this.fetchAfter(this.cursor);
        if (items.length === 0 || this.stopped) continue;
        this.saw(items[items.length - 1]!.id);
        this.append(items);
        if (items.length >= AFTER_LIMIT) this.again = true;
      } while (this.again && !this.stopped);
    } catch {
      // The next event or reconnection tries again from the same cursor.
    } finally {
      this.running = false;
    }
  }

  private async refreshChanged() {
    if (!this.changes || this.changed.size === 0) return;
    const ids = [...this.changed];
    this.changed.clear();
    for (let start = 0; start < ids.length; start += ITEMS_LIMIT) {
      const chunk = ids.slice(start, start + ITEMS_LIMIT);
      try {
        const items = await this.changes.fetch(chunk);
        if (!this.stopped) this.changes.replace(items);
      } catch (error) {
        // Asked again with the next event or reconnection.
        for (const id of ids.slice(start)) this.changed.add(id);
        throw error;
      }
    }
  }
}
