/**
 * `npm run cluster`: Cartera as it runs when one server is not enough (issue #37 item 2): three
 * app instances behind HAProxy on 127.0.0.1, sharing one PostgreSQL, one Redis (the live
 * events' transport) and one file folder, as production shares its database, Redis and object
 * store. Sticky sessions are not needed: any instance answers any call and any websocket.
 *
 * Run alone it starts a throwaway PostgreSQL (or uses DATABASE_URL), seeds the demo data and
 * prints the proxy's address until Ctrl-C. `bench:load` starts it with `startCluster` for its
 * cluster mode, and kills an instance in the middle of its measured window.
 *
 * Needs PostgreSQL, Redis and HAProxy from Debian: `bash scripts/install-test-servers.sh
 * --cluster` installs them.
 *
 * Environment (alone):
 *   CLUSTER_INSTANCES   app instances (3).
 *   CLUSTER_PORT        the proxy's port (8080).
 *   DATABASE_URL        a database to use instead of a throwaway cluster.
 *   CLUSTER_LOG_DIR     where each instance's log goes (<name>.log); kept. Without it the logs
 *                       go to the cluster's temporary folder, deleted when it stops.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, killProcess } from '../src/testing/child-server';
import { startTestRedis, type TestRedis } from '../src/testing/redis-server';
import { CLUSTER_SETTINGS, out, withDatabase } from './bench-kit';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface ClusterInstance {
  readonly name: string;
  readonly url: string;
  /** The instance's process id while it runs. */
  readonly pid: number | undefined;
  /** SIGKILL, as a crash: no graceful shutdown. */
  kill(): Promise<void>;
  /** Starts it again; resolves once /api/health answers. */
  start(): Promise<void>;
}

export interface Cluster {
  /** The proxy's address: what a browser or an agent uses. */
  readonly url: string;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  readonly instances: ClusterInstance[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** A migrated (or empty) database; the first instance migrates it. */
  databaseUrl: string;
  instances?: number;
  proxyPort?: number;
  /** Seeds the demo data when the database is empty (the first instance, alone). */
  seedDemo?: boolean;
  /** More environment for every instance. */
  env?: Record<string, string>;
}

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the instance exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url}: the instance did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function haproxyConfig(port: number, instances: Array<{ name: string; port: number }>) {
  return [
    'global',
    // Two descriptors a connection (client and instance side) within the process's 20,000.
    '  maxconn 9000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 1h',
    '  timeout server 1h',
    // A websocket is a tunnel once upgraded: it stays open as long as its client wants.
    '  timeout tunnel 1h',
    '  option redispatch',
    '  retries 2',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  default_backend app',
    'backend app',
    '  balance roundrobin',
    // An instance that stops answering leaves the rotation within 3 s (a refused connection is
    // sent to another at once: `redispatch`); a busy one gets 2 s to answer its check.
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  timeout check 2s',
    '  default-server inter 1s fall 3 rise 2',
    ...instances.map((each) => `  server ${each.name} 127.0.0.1:${each.port} check`),
    '',
  ].join('\n');
}

/** Starts Redis, the instances (one by one, the first migrating and seeding) and the proxy. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!existsSync('/usr/sbin/haproxy')) {
    throw new Error(
      'haproxy not found: install it with `bash scripts/install-test-servers.sh --cluster` (README)',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'cartera-cluster-'));
  const logDir = process.env.CLUSTER_LOG_DIR ?? join(dir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const redis: TestRedis = await startTestRedis();
  const proxyPort = options.proxyPort ?? (await freePort());
  const url = `http://127.0.0.1:${proxyPort}`;
  const count = options.instances ?? 3;
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const shared = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: redis.url,
    EVENT_BUS: 'redis',
    // One file folder for all, as one object store would be.
    CARTERA_DATA_DIR: join(dir, 'data'),
    SESSION_SECRET: 'cluster-secret-not-for-production',
    PUBLIC_URL: url,
    ...options.env,
  };

  const instances = ports.map((port, index): ClusterInstance & { child?: ChildProcess } => {
    const name = `app${index + 1}`;
    const instanceUrl = `http://127.0.0.1:${port}`;
    const instance: ClusterInstance & { child?: ChildProcess } = {
      name,
      url: instanceUrl,
      get pid() {
        return instance.child?.pid;
      },
      async start() {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
          cwd: serverRoot,
          env: {
            ...shared,
            PORT: String(port),
            CARTERA_SEED_DEMO: options.seedDemo && index === 0 ? 'true' : 'false',
          },
          stdio: ['ignore', openSync(join(logDir, `${name}.log`), 'a'), 'inherit'],
        });
        instance.child = child;
        await waitForHealth(instanceUrl, child);
      },
      kill: () => killProcess(instance.child),
    };
    return instance;
  });

  let proxy: ChildProcess | undefined;
  const stop = async () => {
    proxy?.kill('SIGKILL');
    await Promise.all(instances.map((each) => each.kill()));
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const instance of instances) await instance.start();
    const config = join(dir, 'haproxy.cfg');
    writeFileSync(
      config,
      haproxyConfig(
        proxyPort,
        instances.map((each, index) => ({ name: each.name, port: ports[index]! })),
      ),
    );
    const check = spawnSync('/usr/sbin/haproxy', ['-c', '-f', config], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy refused its config:\n${check.stderr}`);
    proxy = spawn('/usr/sbin/haproxy', ['-db', '-f', config], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHealth(url, proxy);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, databaseUrl: options.databaseUrl, redisUrl: redis.url, instances, stop };
}

async function main() {
  let postgres: ThrowawayPostgres | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    postgres = await startThrowawayPostgres(CLUSTER_SETTINGS);
    databaseUrl = withDatabase(postgres.url, 'postgres');
    out(`throwaway PostgreSQL: ${postgres.version} at ${postgres.url}`);
  }
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      databaseUrl,
      instances: Number(process.env.CLUSTER_INSTANCES ?? 3),
      proxyPort: Number(process.env.CLUSTER_PORT ?? 8080),
      seedDemo: true,
    });
  } catch (error) {
    postgres?.stop();
    throw error;
  }
  out(
    `Cartera on ${cluster.url} (HAProxy, round robin over ${cluster.instances.length} instances)`,
  );
  for (const instance of cluster.instances) out(`  ${instance.name} ${instance.url}`);
  out(`  Redis ${cluster.redisUrl}, PostgreSQL ${cluster.databaseUrl}`);
  out('Demo logins as with `npm start` (password Demo1234). Ctrl-C stops everything.');
  const stop = async () => {
    await cluster.stop();
    postgres?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
