import { describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { loginAttempts } from '@cartera/db/schema';
import { TRPC_MAX_BATCH_SIZE } from '@cartera/domain/limits';
import { useDemoApp } from '../../testing/demo-app';
import { restLogin } from '../../testing/http-client';
import { MAX_FAILURES_PER_EMAIL } from './auth.service';

/*
 * The login limit holds however the attempts arrive (issue #19 §6): at once, in one tRPC batch,
 * or with a made-up X-Forwarded-For.
 */
const env = useDemoApp();

/** One HTTP request carrying `count` auth.login calls for `email` with a wrong password. */
async function batchedLogins(email: string, count: number) {
  const paths = Array.from({ length: count }, () => 'auth.login').join(',');
  const body = Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      String(index),
      { json: { email, password: 'Incorrecta1' } },
    ]),
  );
  const response = await fetch(`${env.app.url}/api/trpc/${paths}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answers = (await response.json()) as
    | Array<{ error?: { json: { data: { domainCode: string } } } }>
    | { error: { json: { data: { domainCode: string }; message: string } } };
  return { status: response.status, answers };
}

function codesOf(answers: Array<{ error?: { json: { data: { domainCode: string } } } }>) {
  return answers.map((answer) => answer.error?.json.data.domainCode);
}

async function attemptsOf(keyPattern: string) {
  return env.database.handle.db
    .select()
    .from(loginAttempts)
    .where(like(loginAttempts.key, keyPattern));
}

describe('límite de intentos de inicio de sesión', () => {
  it('30 intentos a la vez con contraseña errónea comprueban la contraseña 10 veces como mucho', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, () => restLogin(env.app.url, 'gestor@demo.test', 'Incorrecta1')),
    );
    const checked = results.filter((result) => result.status === 401).length;
    const refused = results.filter((result) => result.status === 429).length;
    expect(checked).toBe(MAX_FAILURES_PER_EMAIL);
    expect(refused).toBe(30 - MAX_FAILURES_PER_EMAIL);
    expect(await attemptsOf('email:gestor@demo.test')).toHaveLength(MAX_FAILURES_PER_EMAIL);
  });

  it('un lote de 30 inicios de sesión cuenta uno por uno', async () => {
    const { status, answers } = await batchedLogins('proyecto@demo.test', 30);
    expect(status).not.toBe(200);
    const codes = codesOf(answers as Array<{ error?: { json: { data: { domainCode: string } } } }>);
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(
      MAX_FAILURES_PER_EMAIL,
    );
    expect(codes.filter((code) => code === 'TOO_MANY_LOGIN_ATTEMPTS')).toHaveLength(
      30 - MAX_FAILURES_PER_EMAIL,
    );
  });

  it(`un lote de más de ${TRPC_MAX_BATCH_SIZE} llamadas se rechaza entero y no comprueba nada`, async () => {
    const { status, answers } = await batchedLogins('cambio@demo.test', 100);
    expect(status).toBe(400);
    expect(JSON.stringify(answers)).toContain('INVALID_REQUEST_BODY');
    expect(await attemptsOf('email:cambio@demo.test')).toEqual([]);
  });

  it('un X-Forwarded-For inventado no mueve el contador de la dirección', async () => {
    const result = await restLogin(env.app.url, 'nadie@demo.test', 'Incorrecta1', '203.0.113.7');
    expect(result.status).toBe(401);
    expect(await attemptsOf('ip:203.0.113.7')).toEqual([]);
    const ownAddress = await attemptsOf('ip:%127.0.0.1');
    expect(ownAddress.length).toBeGreaterThan(0);
  });
});
