import { afterAll, beforeAll } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { contacts, groups, interactions, type Contact, type Interaction } from '@cartera/db/schema';
import { seedDemo, type DemoData } from '@cartera/db/seed';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { appRouter } from '../router';
import { restLogin, typedCall, type ProcedurePath } from './http-client';
import { startTestApp, type TestApp } from './test-app';
import { webhookInboxSettled } from '../modules/channels/webhook-inbox';

export interface DemoApp {
  readonly database: TestDatabase;
  readonly app: TestApp;
  readonly demo: DemoData;
  /** A demo user's bearer token (password login, cached per file). */
  tokenOf(email: string): Promise<string>;
  /** Calls a procedure as a demo user over HTTP: GET for queries, POST for mutations. */
  call<P extends ProcedurePath>(
    email: string,
    path: P,
    input?: unknown,
  ): ReturnType<typeof typedCall<P>>;
  /** Calls a REST path as a demo user, with a JSON body when given; answers status and JSON. */
  rest<T = Record<string, unknown>>(
    email: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  /** A contact's stored timeline rows, oldest first (what a call wrote). */
  interactionsOf(contactId: string): Promise<Interaction[]>;
  /** A timeline row by its id as stored (undefined when there is none). */
  interactionById(id: string): Promise<Interaction | undefined>;
  /** A group's stored configuration (`groups.configs`): what a change wrote, or left alone. */
  groupConfigs(groupId: string): Promise<Record<string, unknown>>;
  /** The demo company's stored contacts that meet a condition. */
  demoContacts(condition: SQL): Promise<Contact[]>;
  /** The demo company's stored contacts holding a phone. */
  contactsWithPhone(phone: string): Promise<Contact[]>;
  /** A demo user's contact with a phone, `index` down their list (oldest first). */
  phoneContactOf(email: string, index?: number): Promise<Contact>;
  /** Resolves once every acknowledged webhook is on the timelines (the inbox worker's work). */
  webhooksSettled(): Promise<void>;
}

const procedures = (
  appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } }
)._def.procedures;

/**
 * The usual frame of an integration test file: its own database with the demo data and a
 * server instance on it (jobs off unless the overrides say otherwise), started before the
 * file's tests and stopped after them.
 */
export function useDemoApp(envOverrides: Record<string, string> = { JOBS_ENABLED: 'false' }) {
  const tokens = new Map<string, Promise<string>>();
  const state: Partial<{ database: TestDatabase; app: TestApp; demo: DemoData }> = {};
  beforeAll(async () => {
    state.database = await createTestDatabase();
    state.demo = await seedDemo(state.database.handle.db);
    state.app = await startTestApp(state.database.handle, envOverrides);
  });
  afterAll(async () => {
    await state.app?.stop();
    await state.database?.destroy();
  });
  const demoApp: DemoApp = {
    get database() {
      return state.database!;
    },
    get app() {
      return state.app!;
    },
    get demo() {
      return state.demo!;
    },
    tokenOf(email) {
      if (!tokens.has(email)) {
        tokens.set(
          email,
          restLogin(state.app!.url, email).then((result) => result.body.token),
        );
      }
      return tokens.get(email)!;
    },
    interactionsOf(contactId) {
      return state
        .database!.handle.db.select()
        .from(interactions)
        .where(eq(interactions.contactId, contactId))
        .orderBy(interactions.id);
    },
    async interactionById(id) {
      const [row] = await state
        .database!.handle.db.select()
        .from(interactions)
        .where(eq(interactions.id, id));
      return row;
    },
    async groupConfigs(groupId) {
      const [row] = await state
        .database!.handle.db.select({ configs: groups.configs })
        .from(groups)
        .where(eq(groups.id, groupId));
      return row!.configs;
    },
    demoContacts(condition) {
      return state
        .database!.handle.db.select()
        .from(contacts)
        .where(and(eq(contacts.tenantId, state.demo!.demo.id), condition));
    },
    contactsWithPhone(phone) {
      return demoApp.demoContacts(sql`${contacts.phones} @> array[${phone}]::text[]`);
    },
    async phoneContactOf(email, index = 0) {
      const user = state.demo!.users[email]!;
      const rows = await state
        .database!.handle.db.select()
        .from(contacts)
        .where(
          and(
            eq(contacts.tenantId, user.tenantId),
            eq(contacts.agentId, user.id),
            sql`cardinality(${contacts.phones}) > 0`,
          ),
        )
        .orderBy(contacts.createdAt, contacts.id)
        .limit(index + 1);
      return rows[index]!;
    },
    webhooksSettled() {
      return webhookInboxSettled(state.database!.handle.db);
    },
    async call(email, path, input) {
      const method = procedures[path]?._def.type === 'query' ? 'GET' : 'POST';
      return typedCall(state.app!.url, path, input, {
        token: await demoApp.tokenOf(email),
        method,
      });
    },
    async rest<T>(email: string, method: string, path: string, body?: unknown) {
      const response = await fetch(`${state.app!.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await demoApp.tokenOf(email)}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: (await response.json()) as T };
    },
  };
  return demoApp;
}
