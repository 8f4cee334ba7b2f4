import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { freePort, killProcess } from './child-server';

/** Where Debian's redis-server package puts it, or the first on PATH. */
function redisServerBinary(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/sbin'];
  return dirs.map((dir) => join(dir, 'redis-server')).find((path) => existsSync(path));
}

export interface TestRedis {
  readonly url: string;
  /** Kills the server without a goodbye (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real Redis from Debian, started as the current user on a free port of 127.0.0.1, in memory
 * only (no snapshot, no append-only file). Fails with one line when the binary is missing.
 */
export async function startTestRedis(): Promise<TestRedis> {
  const binary = redisServerBinary();
  if (!binary) {
    throw new Error(
      'redis-server not found: install the test servers with `bash scripts/install-test-servers.sh` (README)',
    );
  }
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  /** Starts the server and resolves once it says it accepts connections (its log line). */
  async function start() {
    const started = spawn(
      binary!,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child = started;
    await new Promise<void>((resolve, reject) => {
      let log = '';
      started.stdout!.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('Ready to accept connections')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${log}`)));
    });
    // Its later log is not read: drained so the server never blocks on a full pipe.
    started.stdout!.resume();
  }

  const kill = () => killProcess(child);

  await start();
  return { url, kill, restart: start, stop: kill };
}
