import type { Interaction } from './timeline-model';

/** `interactions.after` answers at most this many; a full answer means there may be more. */
export const AFTER_LIMIT = 200;

function newer(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/**
 * Keeps a live timeline complete (03 §2.1, issue #6 §3): after an event or a (re)connection it
 * asks for what came after the newest item the server listed, one request at a time; a call
 * while one runs makes it go round once more, so nothing announced meanwhile is missed. Ids are
 * time-ordered UUIDv7, so the newest is the greatest.
 */
export class LiveCatchUp {
  private cursor: string | null = null;
  private running = false;
  private again = false;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private reloadNext = false;

  constructor(
    private readonly fetchAfter: (after: string) => Promise<Interaction[]>,
    /** With nothing listed yet there is no cursor: the first page is loaded again. */
    private readonly reload: () => Promise<unknown>,
    private readonly append: (items: Interaction[]) => void,
  ) {}

  /** The newest id the server has listed so far. */
  saw(id: string | null) {
    this.cursor = newer(this.cursor, id);
  }

  /**
   * Runs a moment later: a burst of events makes one request, and a page that is leaving (a
   * seller who just handed the contact over) is gone before it asks for what it may no longer see.
   * `reload` (an item changed in place) loads the pages again instead of only what came after.
   */
  soon(delayMs: number, reload = false) {
    if (reload) this.reloadNext = true;
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, delayMs);
  }

  /** The screen closed: nothing more is asked or appended. */
  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
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
        if (this.reloadNext || !this.cursor) {
          this.reloadNext = false;
          await this.reload();
          continue;
        }
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
}
