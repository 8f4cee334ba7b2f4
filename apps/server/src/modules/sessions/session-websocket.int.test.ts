import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TRPCClientError } from '@trpc/client';
import { createUser } from '@cartera/db/factories';
import { users } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';
import { restLogin, trpcCall } from '../../testing/http-client';
import { connectWs, waitFor } from '../../testing/ws-client';

/*
 * A websocket keeps the session it opened with (issue #19 §5): a logout, a deactivation or a
 * role change made after it opened reach it at once: calls on it are refused and its event
 * stream ends with UNAUTHENTICATED.
 */
const env = useDemoApp();

/** A fresh session of `email` on a websocket, its event stream open, and what it receives. */
async function openSocket(email: string) {
  const { body } = await restLogin(env.app.url, email);
  const connection = connectWs(env.app.url, body.token);
  const state: { started: boolean; error: unknown } = { started: false, error: undefined };
  const subscription = connection.client.realtime.events.subscribe(
    { lastEventId: null },
    {
      onStarted: () => (state.started = true),
      onError: (error) => (state.error = error),
    },
  );
  await waitFor(() => state.started, 15_000, 'subscription start');
  return {
    token: body.token,
    client: connection.client,
    state,
    close() {
      subscription.unsubscribe();
      connection.close();
    },
  };
}

/** The socket's stream ended with UNAUTHENTICATED and its calls are refused the same way. */
async function expectEnded(socket: Awaited<ReturnType<typeof openSocket>>) {
  await waitFor(() => socket.state.error !== undefined, 15_000, 'the stream to end');
  expect(codeOf(socket.state.error)).toBe('UNAUTHENTICATED');
  const refused = await socket.client.contact.list.query({}).catch((error) => error);
  expect(codeOf(refused)).toBe('UNAUTHENTICATED');
  // Issue #30 S9: who is signed in, asked on the same socket, is no one any more.
  expect(await socket.client.auth.me.query()).toBeNull();
}

function codeOf(error: unknown) {
  return error instanceof TRPCClientError
    ? (error.data as { domainCode?: string } | undefined)?.domainCode
    : undefined;
}

describe('sesiones en websockets', () => {
  it('al cerrar sesión, el websocket deja de recibir y sus llamadas se rechazan', async () => {
    const socket = await openSocket('vendedor@demo.test');
    try {
      await expect(socket.client.contact.list.query({})).resolves.toHaveProperty('items');
      const logout = await trpcCall(env.app.url, 'auth.logout', undefined, {
        token: socket.token,
        method: 'POST',
      });
      expect(logout.status).toBe(200);
      await expectEnded(socket);
    } finally {
      socket.close();
    }
  });

  it('al desactivar al usuario, su websocket termina y no puede llamar', async () => {
    const { db } = env.database.handle;
    const seller = await createUser(db, env.demo.north, {
      email: 'desactivada@demo.test',
      name: 'Dora',
      lastname: 'Desactivada',
    });
    const socket = await openSocket(seller.email);
    try {
      await db.update(users).set({ active: false }).where(eq(users.id, seller.id));
      await expectEnded(socket);
    } finally {
      socket.close();
    }
  });

  it('al quitarle un rol, el websocket sigue abierto pero sus llamadas usan los roles nuevos', async () => {
    const { db } = env.database.handle;
    const supervisor = await createUser(db, env.demo.north, {
      email: 'degradado@demo.test',
      name: 'Diego',
      lastname: 'Degradado',
      roles: ['super'],
    });
    const socket = await openSocket(supervisor.email);
    try {
      await expect(socket.client.seller.panel.query()).resolves.toBeDefined();
      await db
        .update(users)
        .set({ roles: ['user'] })
        .where(eq(users.id, supervisor.id));
      const refused = await socket.client.seller.panel.query().catch((error) => error);
      expect(codeOf(refused)).toBe('PERMISSION_DENIED');
      await expect(socket.client.contact.list.query({})).resolves.toHaveProperty('items');
      expect(socket.state.error).toBeUndefined();
    } finally {
      socket.close();
    }
  });
});
