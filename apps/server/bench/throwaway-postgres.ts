import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * A PostgreSQL cluster of its own for a benchmark, started the way `.ci/run` starts the CI one:
 * initdb into a temporary folder as the `postgres` system user (initdb refuses root), a free
 * port on 127.0.0.1, trust authentication; stopped and deleted by `stop()`.
 */
export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  version: string;
  stop(): void;
}

/** Newest /usr/lib/postgresql/<version>/bin with the server binaries, or BENCH_PG_BIN. */
function findPgBin(): string | undefined {
  const candidates = process.env.BENCH_PG_BIN
    ? [process.env.BENCH_PG_BIN]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .filter((version) => /^\d+$/.test(version))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => join('/usr/lib/postgresql', version, 'bin'))
      : [];
  return candidates.find((dir) =>
    ['initdb', 'pg_ctl', 'postgres'].every((binary) => existsSync(join(dir, binary))),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function run(binary: string, args: string[]) {
  const [command, commandArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args];
  return spawnSync(command, commandArgs, { encoding: 'utf8' });
}

export async function startThrowawayPostgres(settings: string[]): Promise<ThrowawayPostgres> {
  const bin = findPgBin();
  if (!bin) {
    throw new Error(
      'No PostgreSQL server binaries under /usr/lib/postgresql/*/bin (Debian: apt-get install ' +
        'postgresql postgresql-contrib), or set BENCH_PG_BIN, or point BENCH_DATABASE_URL at a server.',
    );
  }
  if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    throw new Error('Running as root needs a `postgres` system user to run initdb as.');
  }
  // Always under /tmp, so the postgres user can reach it whatever TMPDIR is.
  const dir = mkdtempSync('/tmp/cartera-bench-pg.');
  const data = join(dir, 'data');
  const log = join(dir, 'log');
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    chownSync(dir, Number(ids), Number(group));
  }
  let started = false;
  const stop = () => {
    if (started) run(join(bin, 'pg_ctl'), ['-D', data, 'stop', '-m', 'immediate']);
    started = false;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const base = ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'];
    let init = run(join(bin, 'initdb'), [...base, '--locale=C.UTF-8']);
    if (init.status !== 0) {
      rmSync(data, { recursive: true, force: true });
      init = run(join(bin, 'initdb'), [...base, '--no-locale']);
    }
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
    const port = await freePort();
    const options = ['-h 127.0.0.1', `-p ${port}`, `-k ${dir}`, ...settings.map((s) => `-c ${s}`)];
    started = true;
    const start = run(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-o',
      options.join(' '),
      '-l',
      log,
      '-w',
      'start',
    ]);
    if (start.status !== 0) {
      const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : '';
      throw new Error(`PostgreSQL failed to start:\n${start.stderr}${serverLog}`);
    }
    const version = spawnSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout;
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version: version.trim(), stop };
  } catch (error) {
    stop();
    throw error;
  }
}
