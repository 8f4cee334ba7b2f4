// Packs @cartera/client (dist/, made by `node build.mjs`) and installs it into a new folder
// outside the workspace as an integrator would, with `npm install --offline`: every package comes
// from the npm cache `npm ci` filled, nothing from the registry. The folder's lock is made from
// the workspace's (same versions and integrity), so npm finds each tarball in the cache. Prints
// the folder. A package missing from the cache fails with one line naming it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const client = new URL('..', import.meta.url).pathname;
const workspaceLock = JSON.parse(
  readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8'),
);

export function installOffline(extra = { ws: '8.23.0' }) {
  const manifest = JSON.parse(readFileSync(join(client, 'dist/package.json'), 'utf8'));
  const folder = mkdtempSync(join(tmpdir(), 'cartera-integrator-'));
  const packed = execFileSync(
    'npm',
    ['pack', join(client, 'dist'), '--pack-destination', folder, '--silent'],
    { encoding: 'utf8' },
  ).trim();
  const wanted = { ...manifest.dependencies, ...extra };
  // The closure of what the package and `extra` need, with the workspace's resolved versions.
  const packages = {};
  const queue = Object.keys(wanted);
  while (queue.length > 0) {
    const name = queue.shift();
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const entry = workspaceLock.packages[key];
    if (!entry) throw new Error(`${name} is not in the workspace's package-lock.json`);
    packages[key] = {
      version: entry.version,
      resolved:
        entry.resolved ??
        `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${entry.version}.tgz`,
      integrity: entry.integrity,
      ...(entry.dependencies ? { dependencies: entry.dependencies } : {}),
      ...(entry.license ? { license: entry.license } : {}),
    };
    queue.push(...Object.keys(entry.dependencies ?? {}));
  }
  const dependencies = { '@cartera/client': `file:${packed}`, ...extra };
  packages['node_modules/@cartera/client'] = {
    version: manifest.version,
    resolved: `file:${packed}`,
    dependencies: manifest.dependencies,
  };
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({ name: 'integrator', private: true, type: 'module', dependencies }, null, 2),
  );
  writeFileSync(
    join(folder, 'package-lock.json'),
    JSON.stringify(
      {
        name: 'integrator',
        lockfileVersion: 3,
        requires: true,
        packages: { '': { name: 'integrator', dependencies }, ...packages },
      },
      null,
      2,
    ),
  );
  try {
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: folder,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const text = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    const missing = /request to \S+?\/([^/\s]+(?:\/[^/\s-]+)?)(?:\/-\/\S+)? failed/.exec(text);
    throw new Error(
      missing
        ? `npm install --offline: ${missing[1]} is not in the npm cache (run npm ci first)`
        : `npm install --offline failed: ${text.trim().split('\n').slice(-3).join(' ')}`,
      { cause: error },
    );
  }
  return folder;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${installOffline()}\n`);
