/**
 * One live event stream per tab (issue #32 item 4). Screens declare what they follow (an
 * interest: topics, event types, a delay); the hub keeps the union of their topics for the one
 * subscription, hands each event to the interests it concerns, and tells each interest when it
 * must read again what it may have missed (the stream started or restarted, or the interest
 * joined a stream already running).
 */

/** An event of `realtime.events` as the web receives it. */
export interface LiveEvent {
  id: number;
  type: string;
  topic: string;
  payload: Record<string, unknown>;
  actorUserId: string | null;
  createdAt: Date;
}

/** What one screen follows. */
export interface LiveInterest {
  /** Topic names (`contact:<id>`, `session`, `training`) or families (`contact:*`). */
  topics: readonly string[];
  /** Only events of these types; every type when left out. */
  types?: readonly string[] | undefined;
  /**
   * Events wait this long after the first of a burst and are handed over together (one read for
   * a burst); handed over one by one at once when left out.
   */
  delayMs?: number | undefined;
  onEvents: (events: LiveEvent[]) => void;
  /**
   * The interest may have missed events: the stream (re)started, or the interest joined it. The
   * screen reads again what it shows.
   */
  onStarted?: (() => void) | undefined;
}

/** What the one subscription asks the server for. */
export interface StreamInput {
  topics: string[];
  /** Where a stream opened for new topics resumes (the last event the tab saw). */
  lastEventId: string | null;
}

/** Whether `topic` is one of `topics` (names, or families written `<kind>:*`). */
export function topicMatches(topics: readonly string[], topic: string) {
  return topics.some((each) =>
    each.endsWith(':*') ? topic.startsWith(each.slice(0, -1)) : each === topic,
  );
}

/**
 * Where the tab's first stream may start: the company's last event id when the page's first
 * `auth.me` was read (its `eventPosition`), and when. Every read of the page left after it, so a
 * stream that resumes from there misses nothing any screen shows.
 */
export interface LiveOrigin {
  lastEventId: number;
  /** Epoch ms of the read. */
  at: number;
}

/** An origin older than this is not used: its replay could be long; the screens read again. */
export const ORIGIN_MAX_AGE_MS = 120_000;
/** Events kept for screens that join the running stream; more, and joiners read again. */
export const RECENT_MAX = 1_000;

interface Entry {
  interest: LiveInterest;
  /** Registered while its topics were not all in the running stream: told when it starts. */
  awaitingStart: boolean;
  buffer: LiveEvent[];
  timer: ReturnType<typeof setTimeout> | null;
}

export class LiveHub {
  private readonly entries = new Set<Entry>();
  private input: StreamInput = { topics: [], lastEventId: null };
  /** The topics of the stream that last started (null before any, or after it stopped). */
  private running: string[] | null = null;
  private lastSeen: number | null = null;
  private lastStarted: StreamInput | null = null;
  private readonly watchers = new Set<(input: StreamInput) => void>();
  /**
   * Every event delivered since the stream started from the origin, while that record is whole
   * (null: not started from it, a start left a gap, or more than RECENT_MAX came): a screen that
   * joins is handed those instead of reading everything again.
   */
  private recent: LiveEvent[] | null = null;

  /** `origin`: where the first stream may start (the page's first `auth.me`), when known. */
  constructor(private readonly origin: () => LiveOrigin | null = () => null) {}

  /** The subscription's input now: no topics means no stream. */
  current(): StreamInput {
    return this.input;
  }

  /** Calls `watcher` whenever the subscription's input changes; returns how to stop. */
  watch(watcher: (input: StreamInput) => void) {
    this.watchers.add(watcher);
    return () => void this.watchers.delete(watcher);
  }

  /** Follows `interest` until the returned function is called. */
  add(interest: LiveInterest): () => void {
    const running = this.running;
    const covered =
      running !== null && interest.topics.every((topic) => topicMatches(running, topic));
    const entry: Entry = { interest, awaitingStart: !covered, buffer: [], timer: null };
    this.entries.add(entry);
    const recent = this.recent;
    if (covered && recent) {
      // Joining a stream that has run since the origin: the events it missed are handed over
      // (its screen's data was read after the origin, so nothing older concerns it).
      const missed = [...recent];
      queueMicrotask(() => {
        if (this.entries.has(entry)) for (const event of missed) this.handTo(entry, event);
      });
    } else if (covered) {
      // Joining a running stream: what happened before it joined is read once, as on a start.
      queueMicrotask(() => this.entries.has(entry) && interest.onStarted?.());
    } else this.recompute();
    return () => {
      if (entry.timer) clearTimeout(entry.timer);
      this.entries.delete(entry);
      this.recompute();
    };
  }

  /**
   * The subscription started for `input`. A stream opened for new topics resumes from the last
   * event seen, so only the interests waiting for it read again; any other start (the first, a
   * reconnection after the socket or the server went down) makes every interest read.
   */
  started(input: StreamInput) {
    const origin = this.originFor(input);
    const resumed = input !== this.lastStarted && input.lastEventId !== null;
    this.lastStarted = input;
    this.running = input.topics;
    if (origin !== null) {
      // The first stream, from the origin: the server hands over everything since, which every
      // screen's data predates; nobody reads again.
      this.lastSeen ??= origin;
      this.recent = [];
      for (const entry of this.entries) entry.awaitingStart = false;
      return;
    }
    if (input.lastEventId === null) this.recent = null;
    for (const entry of [...this.entries]) {
      if (resumed && !entry.awaitingStart) continue;
      entry.awaitingStart = false;
      entry.interest.onStarted?.();
    }
  }

  /** The stream ended (an error, or no topic is followed any more). */
  stopped() {
    this.running = null;
    for (const entry of this.entries) entry.awaitingStart = true;
  }

  /** An event of the stream: to each interest it concerns, at once or after its delay. */
  deliver(event: LiveEvent) {
    if (event.id > (this.lastSeen ?? 0)) this.lastSeen = event.id;
    if (this.recent) {
      this.recent.push(event);
      if (this.recent.length > RECENT_MAX) this.recent = null;
    }
    for (const entry of [...this.entries]) this.handTo(entry, event);
  }

  /** One event to one interest, if it concerns it: at once, or after the interest's delay. */
  private handTo(entry: Entry, event: LiveEvent) {
    const { interest } = entry;
    if (!topicMatches(interest.topics, event.topic)) return;
    if (interest.types && !interest.types.includes(event.type)) return;
    if (!interest.delayMs) {
      interest.onEvents([event]);
      return;
    }
    entry.buffer.push(event);
    entry.timer ??= setTimeout(() => {
      entry.timer = null;
      const events = entry.buffer.splice(0);
      if (this.entries.has(entry) && events.length) interest.onEvents(events);
    }, interest.delayMs);
  }

  /** The origin's event id when `input` is the tab's first stream started from it, else null. */
  private originFor(input: StreamInput): number | null {
    if (this.lastStarted !== null || input.lastEventId === null) return null;
    const origin = this.origin();
    return origin && String(origin.lastEventId) === input.lastEventId ? origin.lastEventId : null;
  }

  /** Where a stream that is not running starts: the fresh origin before the first, else now. */
  private firstStart(): string | null {
    if (this.lastStarted !== null) return null;
    const origin = this.origin();
    return origin && Date.now() - origin.at < ORIGIN_MAX_AGE_MS ? String(origin.lastEventId) : null;
  }

  /** The screen is closing: nothing more is handed over. */
  close() {
    for (const entry of this.entries) if (entry.timer) clearTimeout(entry.timer);
    this.entries.clear();
    this.running = null;
  }

  private recompute() {
    const all = new Set([...this.entries].flatMap((entry) => entry.interest.topics));
    const families = [...all].filter((topic) => topic.endsWith(':*'));
    // A topic inside a family the stream already asks for adds nothing.
    const topics = [...all]
      .filter((topic) => topic.endsWith(':*') || !topicMatches(families, topic))
      .sort();
    if (topics.join('\n') === this.input.topics.join('\n')) return;
    this.input = {
      topics,
      lastEventId:
        this.running !== null && this.lastSeen !== null ? String(this.lastSeen) : this.firstStart(),
    };
    for (const watcher of this.watchers) watcher(this.input);
  }
}
