import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDemoApp } from './testing/demo-app';
import { SELLER } from './testing/demo-users';
// The client package's own script: packs dist/ and installs it with npm install --offline.
import { installOffline } from '../../../packages/client/integration/install-offline.mjs';

/*
 * Issue #36 item 2: @cartera/client as an integrator gets it. Its JavaScript and bundled
 * declarations (dist/, made by packages/client/build.mjs: `npm test` builds it first, see
 * turbo.json; run alone, this test builds it when it is missing) are packed and installed into a
 * folder outside the workspace from the npm cache only; a fixture type-checks with `tsc --strict`
 * and one with a deliberate type error does not; a plain `node` program
 * (packages/client/integration/integrator.mjs) runs against a started server with a personal API
 * token: contacts, a timeline, a note with a UUIDv7 id received live, and the subscription ended
 * when the token is revoked.
 */
const env = useDemoApp();
const client = fileURLToPath(new URL('../../../packages/client/', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const workspaceLock = JSON.parse(
  readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8'),
) as { packages: Record<string, { version: string }> };
const lockedVersion = (name: string) => workspaceLock.packages[`node_modules/${name}`]!.version;
let folder: string;

/** `tsc --strict` in the integrator's folder: its exit status and error lines. */
function typeCheck(file: string, skipLibCheck: boolean) {
  writeFileSync(
    join(folder, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023', 'DOM'],
        types: ['node', 'ws'],
        skipLibCheck,
      },
      files: [file],
    }),
  );
  try {
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: folder, encoding: 'utf8' });
    return { ok: true, errors: [] as string[] };
  } catch (error) {
    const output = String((error as { stdout?: string }).stdout ?? '');
    return { ok: false, errors: output.split('\n').filter((line) => line.includes('error TS')) };
  }
}

beforeAll(() => {
  if (!existsSync(join(client, 'dist/index.d.ts'))) {
    execFileSync(process.execPath, ['build.mjs'], { cwd: client, stdio: 'inherit' });
  }
  folder = installOffline({
    ws: lockedVersion('ws'),
    '@types/ws': lockedVersion('@types/ws'),
    '@types/node': lockedVersion('@types/node'),
  });
  copyFileSync(join(client, 'integration/integrator.mjs'), join(folder, 'integrator.mjs'));
  for (const fixture of ['typed-calls.ts', 'type-error.ts']) {
    copyFileSync(join(client, 'integration/fixtures', fixture), join(folder, fixture));
  }
}, 300_000);

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('el paquete @cartera/client instalado fuera del repositorio', () => {
  it('sus declaraciones no importan código del repositorio ni la capa de base de datos', () => {
    const declarations = readFileSync(
      join(folder, 'node_modules/@cartera/client/index.d.ts'),
      'utf8',
    );
    const imported = [
      ...declarations.matchAll(/from '([^']+)'/g),
      ...declarations.matchAll(/import\("([^"]+)"\)/g),
    ].map(([, name]) => name ?? '');
    expect(imported.length).toBeGreaterThan(0);
    // Only the package's declared dependencies: no workspace path, no server package.
    expect(
      imported.filter((name) => !/^(@trpc\/(client|server)(\/[\w-]+)?|zod)$/.test(name)),
    ).toEqual([]);
    expect(declarations).not.toMatch(/drizzle|fastify|@cartera\//);
  });

  it('un programa tipado compila con tsc --strict y uno con un error de tipos no', () => {
    // Without skipLibCheck the package's own declarations are checked too; the only errors left
    // are in @trpc/server's websocket adapter declarations, which a client never loads.
    const typed = typeCheck('typed-calls.ts', false);
    expect(typed.errors.filter((line) => !line.startsWith('node_modules/@trpc/'))).toEqual([]);
    const wrong = typeCheck('type-error.ts', true);
    expect(wrong.ok).toBe(false);
    expect(wrong.errors.join('\n')).toMatch(/type-error\.ts.*Property 'itemz' does not exist/);
  }, 120_000);

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
