import { randomBytes } from 'node:crypto';
import { jsonAnswer, type SimulatedResponse } from '../simulation';
import type { AircallCall, AircallCallEvent, AircallWebhook } from './aircall.adapter';

/**
 * Aircall's Public API v1 in memory, speaking its documented shapes (integrations.md §5): HTTP
 * Basic `api_id:api_token`; GET /v1/users, /v1/users/{id}, /v1/numbers, /v1/calls,
 * /v1/calls/{id} with a `meta` page object; POST /v1/users/{id}/calls {number_id, to} answered
 * 204, refused when the user is on a call or not assigned to the number. aircall.fake.ts serves
 * it on 127.0.0.1 for the tests; the demo's 'Aircall de prueba' answers from it in process.
 *
 * It also plays the agent's phone and the customer: `ring`, `answer`, `hangup`, `end`,
 * `voicemail` and `incoming` move a call as Aircall would and build the webhook each step
 * sends (`{resource, event, timestamp, token, data}`), delivered through `deliver` when set.
 */
export interface SimulatedAircallUser {
  id: number;
  name: string;
  email: string;
  numberIds: number[];
}

export interface SimulatedAircallNumber {
  id: number;
  digits: string;
  name: string;
}

export class AircallSimulator {
  readonly calls = new Map<number, AircallCall>();
  /** Every webhook built, oldest first. */
  readonly webhooks: AircallWebhook[] = [];
  /** Where built webhooks go (the tests' POST to our URL, the demo's in-process call). */
  deliver: ((webhook: AircallWebhook) => Promise<void>) | undefined;
  /** The shared token Aircall puts in every webhook (set when the webhook is created). */
  webhookToken = '';
  /** Webhooks built and delivered (or built while none was set), to wait for. */
  delivered = 0;
  /** Deliveries that failed (a webhook our server refused), for the tests to look at. */
  readonly deliveryErrors: unknown[] = [];
  /** Where Aircall posts them (POST /v1/webhooks). */
  webhookUrl = '';
  private nextId = 812_345;
  private readonly scripted: SimulatedResponse[] = [];
  /** The clock of the calls' times (unix seconds); tests move it. */
  now = () => Math.floor(Date.now() / 1000);

  constructor(
    private readonly options: {
      readonly apiId: string;
      readonly apiToken: string;
      users: SimulatedAircallUser[];
      numbers: SimulatedAircallNumber[];
    },
  ) {}

  /** Replaces the account's users (the demo's follow its company's users). */
  setUsers(users: SimulatedAircallUser[]) {
    this.options.users = users;
  }

  /** The next API requests get these answers, one each (an outage), then normal service. */
  failNext(...responses: SimulatedResponse[]) {
    this.scripted.push(...responses);
  }

  private basic() {
    const { apiId, apiToken } = this.options;
    return `Basic ${Buffer.from(`${apiId}:${apiToken}`).toString('base64')}`;
  }

  private userView(user: SimulatedAircallUser) {
    return {
      id: user.id,
      direct_link: `https://api.aircall.io/v1/users/${user.id}`,
      name: user.name,
      email: user.email,
      available: !this.onCall(user.id),
      availability_status: 'available',
      numbers: this.options.numbers.filter((number) => user.numberIds.includes(number.id)),
    };
  }

  private onCall(userId: number) {
    return [...this.calls.values()].some(
      (call) => call.user?.id === userId && call.status !== 'done',
    );
  }

  private page(key: string, rows: unknown[], path: string) {
    const query = new URLSearchParams(path.split('?')[1] ?? '');
    const perPage = Math.min(50, Math.max(1, Number(query.get('per_page') ?? 20)));
    const page = Math.max(1, Number(query.get('page') ?? 1));
    const slice = rows.slice((page - 1) * perPage, page * perPage);
    const more = page * perPage < rows.length;
    return jsonAnswer(200, {
      meta: {
        count: slice.length,
        total: rows.length,
        current_page: page,
        per_page: perPage,
        next_page_link: more ? `/v1/${key}?page=${page + 1}&per_page=${perPage}` : null,
        previous_page_link: page > 1 ? `/v1/${key}?page=${page - 1}&per_page=${perPage}` : null,
      },
      [key]: slice,
    });
  }

  handle(
    method: string,
    path: string,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): SimulatedResponse {
    const bare = path.split('?')[0]!.replace(/^\/v1/, '');
    if (headers.authorization !== this.basic()) {
      return jsonAnswer(401, { error: 'Unauthorized', troubleshoot: 'Check your API credentials' });
    }
    const scripted = this.scripted.shift();
    if (scripted) return scripted;
    if (method === 'GET' && bare === '/users') {
      return this.page(
        'users',
        this.options.users.map((user) => this.userView(user)),
        path,
      );
    }
    if (method === 'GET' && bare === '/numbers')
      return this.page('numbers', this.options.numbers, path);
    if (method === 'GET' && bare === '/calls') {
      return this.page('calls', [...this.calls.values()].reverse(), path);
    }
    const user = /^\/users\/(\d+)$/.exec(bare);
    if (method === 'GET' && user) {
      const found = this.options.users.find((each) => each.id === Number(user[1]));
      return found
        ? jsonAnswer(200, { user: this.userView(found) })
        : jsonAnswer(404, { error: 'Not found', troubleshoot: 'No user with this id' });
    }
    const call = /^\/calls\/(\d+)$/.exec(bare);
    if (method === 'GET' && call) {
      const found = this.calls.get(Number(call[1]));
      return found
        ? jsonAnswer(200, { call: found })
        : jsonAnswer(404, { error: 'Not found', troubleshoot: 'No call with this id' });
    }
    if (method === 'POST' && bare === '/webhooks') {
      const input = JSON.parse(body.toString('utf8') || '{}') as {
        url?: unknown;
        events?: unknown;
      };
      if (typeof input.url !== 'string' || !/^https?:\/\//.test(input.url)) {
        return jsonAnswer(400, { error: 'Bad request', troubleshoot: 'url must be http(s)' });
      }
      this.webhookUrl = input.url;
      this.webhookToken = randomBytes(16).toString('hex');
      return jsonAnswer(201, {
        webhook: {
          webhook_id: randomBytes(8).toString('hex'),
          url: input.url,
          active: true,
          token: this.webhookToken,
          events: input.events ?? [],
        },
      });
    }
    const start = /^\/users\/(\d+)\/calls$/.exec(bare);
    if (method === 'POST' && start) return this.startCall(Number(start[1]), body);
    return jsonAnswer(404, { error: 'Not found', troubleshoot: `No route ${method} ${bare}` });
  }

  private startCall(userId: number, body: Buffer): SimulatedResponse {
    const agent = this.options.users.find((each) => each.id === userId);
    if (!agent)
      return jsonAnswer(404, { error: 'Not found', troubleshoot: 'No user with this id' });
    let input: { number_id?: unknown; to?: unknown };
    try {
      input = JSON.parse(body.toString('utf8')) as typeof input;
    } catch {
      return jsonAnswer(400, { error: 'Bad request', troubleshoot: 'Body must be JSON' });
    }
    const number = this.options.numbers.find((each) => each.id === input.number_id);
    if (!number || !agent.numberIds.includes(number.id)) {
      return jsonAnswer(400, {
        error: 'Bad request',
        troubleshoot: 'User is not assigned to this number',
      });
    }
    if (typeof input.to !== 'string' || !/^\+[1-9]\d{6,14}$/.test(input.to)) {
      return jsonAnswer(400, { error: 'Bad request', troubleshoot: 'to must be E.164' });
    }
    if (this.onCall(userId)) {
      return jsonAnswer(400, { error: 'Bad request', troubleshoot: 'User is not available' });
    }
    const created: AircallCall = {
      id: this.nextId++,
      direction: 'outbound',
      status: 'initial',
      started_at: this.now(),
      answered_at: null,
      ended_at: null,
      duration: 0,
      raw_digits: input.to,
      missed_call_reason: null,
      recording: null,
      voicemail: null,
      number: { id: number.id, digits: number.digits, name: number.name },
      user: { id: agent.id, name: agent.name },
    };
    this.calls.set(created.id, created);
    // Aircall answers at once and tells of the call by webhook; so does the simulator, after.
    queueMicrotask(() => {
      this.emit('call.created', created.id).catch((error: unknown) => {
        this.deliveryErrors.push(error);
      });
    });
    return { status: 204, headers: {}, body: Buffer.alloc(0) };
  }

  /** A customer calls one of the company's numbers; the call rings on `userId`'s app. */
  async incoming(input: { from: string; numberId: number; userId?: number }) {
    const number = this.options.numbers.find((each) => each.id === input.numberId);
    if (!number) throw new Error(`no number ${input.numberId}`);
    const agent =
      this.options.users.find((each) => each.id === input.userId) ??
      this.options.users.find((each) => each.numberIds.includes(number.id));
    const created: AircallCall = {
      id: this.nextId++,
      direction: 'inbound',
      status: 'initial',
      started_at: this.now(),
      answered_at: null,
      ended_at: null,
      duration: 0,
      raw_digits: input.from,
      missed_call_reason: null,
      recording: null,
      voicemail: null,
      number: { id: number.id, digits: number.digits, name: number.name },
      user: null,
    };
    this.calls.set(created.id, created);
    await this.emit('call.created', created.id);
    if (agent) {
      created.user = { id: agent.id, name: agent.name };
      await this.emit('call.ringing_on_agent', created.id);
    }
    return created.id;
  }

  /** The outbound call rings on the customer's phone (Aircall sends no event of its own). */
  ring(callId: number) {
    return this.call(callId);
  }

  /** The other side picks up. */
  async answer(callId: number) {
    const call = this.call(callId);
    call.status = 'answered';
    call.answered_at = this.now();
    return this.emit('call.answered', callId);
  }

  /**
   * The call is hung up (call.hungup, immediately) and ended (call.ended, once its duration is
   * final; ~30 s later at Aircall, at once here unless `endLater`). An inbound call never
   * answered is a missed call (`missed_call_reason`).
   */
  async hangup(callId: number, options: { endLater?: boolean } = {}) {
    const call = this.call(callId);
    call.ended_at = this.now();
    call.status = 'done';
    call.duration = call.answered_at ? call.ended_at - call.answered_at : 0;
    if (!call.answered_at && call.direction === 'inbound' && !call.voicemail) {
      call.missed_call_reason = 'no_available_agent';
    }
    const hungup = await this.emit('call.hungup', callId);
    if (options.endLater) return hungup;
    return this.emit('call.ended', callId);
  }

  /** call.ended of a call already hung up. */
  end(callId: number) {
    return this.emit('call.ended', callId);
  }

  /** The customer leaves a voicemail (an inbound call nobody answered). */
  async voicemail(callId: number, url: string) {
    const call = this.call(callId);
    call.voicemail = url;
    return this.emit('call.voicemail_left', callId);
  }

  /** Aircall's recording of an answered call, final with call.ended. */
  record(callId: number, url: string) {
    this.call(callId).recording = url;
  }

  private call(callId: number) {
    const call = this.calls.get(callId);
    if (!call) throw new Error(`no call ${callId}`);
    return call;
  }

  /** The webhook of `event` for the call as it is now; delivered when `deliver` is set. */
  async emit(event: AircallCallEvent, callId: number): Promise<AircallWebhook> {
    const webhook: AircallWebhook = {
      resource: 'call',
      event,
      timestamp: this.now(),
      token: this.webhookToken,
      data: structuredClone(this.call(callId)),
    };
    this.webhooks.push(webhook);
    if (this.deliver) await this.deliver(webhook);
    this.delivered += 1;
    return webhook;
  }
}
