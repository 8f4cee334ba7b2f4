import { expect } from 'vitest';
import { restLogin, trpcCall } from './http-client';
import { connectWs, waitFor } from './ws-client';

/**
 * A new user's first sign-in: with the first password 'Inicial1', then the change it owes to
 * their own, 'Propia123'. Answers the sign-in's body (its `token` now works everywhere).
 */
export async function signInWithOwnPassword(baseUrl: string, email: string) {
  const { body } = await restLogin(baseUrl, email, 'Inicial1');
  const changed = await trpcCall(
    baseUrl,
    'auth.changePassword',
    { currentPassword: 'Inicial1', newPassword: 'Propia123', repeatPassword: 'Propia123' },
    { token: body.token, method: 'POST' },
  );
  expect(changed.status).toBe(200);
  return body;
}

/**
 * An open tab listening to its session (the `session` topic over the websocket), once its
 * subscription started: `ended` holds the error the stream ended with; `close()` when done.
 */
export async function watchSession(baseUrl: string, token: string) {
  const connection = connectWs(baseUrl, token);
  let started = false;
  const watch = {
    ended: undefined as unknown,
    close() {
      subscription.unsubscribe();
      connection.close();
    },
  };
  const subscription = connection.client.realtime.events.subscribe(
    { lastEventId: null, topics: ['session'] },
    { onStarted: () => (started = true), onError: (error) => (watch.ended = error) },
  );
  try {
    await waitFor(() => started, 15_000, 'subscription start');
  } catch (error) {
    watch.close();
    throw error;
  }
  return watch;
}
