import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDemoApp } from './testing/demo-app';
import { SELLER } from './testing/demo-users';
// The client package's own script: packs dist/ and installs it with npm install --offline.
import { installOffline } from '../../../packages/client/integration/install-offline.mjs';

/*
 * Issue #36 item 2: @cartera/client as an integrator gets it. Its JavaScript is built, packed and
 * installed into a folder outside the workspace from the npm cache only, and a plain `node`
 * program (packages/client/integration/integrator.mjs) runs against a started server with a
 * personal API token: contacts, a timeline, a note with a UUIDv7 id received live, and the
 * subscription ended when the token is revoked.
 */
const env = useDemoApp();
const client = fileURLToPath(new URL('../../../packages/client/', import.meta.url));
let folder: string;

beforeAll(() => {
  execFileSync(process.execPath, ['build.mjs', '--js-only'], { cwd: client });
  folder = installOffline();
  copyFileSync(join(client, 'integration/integrator.mjs'), join(folder, 'integrator.mjs'));
}, 60_000);

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('el paquete @cartera/client instalado fuera del repositorio', () => {
  it('con un token personal lista contactos, lee un timeline, recibe su nota en vivo y termina al revocarlo', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['integrator.mjs'], {
      cwd: folder,
      timeout: 30_000,
      env: {
        PATH: process.env.PATH,
        CARTERA_URL: env.app.url,
        CARTERA_EMAIL: SELLER,
        CARTERA_PASSWORD: 'Demo1234',
      },
    });
    const steps = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .map((line) => [line.step, line]),
    );
    expect(steps.token).toMatchObject({ prefix: 'cart_' });
    expect(steps.contacts?.count).toBeGreaterThan(0);
    expect(steps.timeline?.items).toBeGreaterThanOrEqual(0);
    expect(steps.event).toMatchObject({ type: 'interaction.created' });
    expect(steps.event?.interactionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(steps.ended).toMatchObject({ how: 'error', code: 'UNAUTHORIZED' });
  });
});
