import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nobody listens on now, for a server started later. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** SIGKILL, as a crash (no graceful shutdown); resolves once the process has exited. */
export async function killProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/**
 * The server as a real child process (src/main.ts through tsx, so no build is needed) on a port
 * and a data folder of its own, for tests that kill it without a graceful shutdown: `open()`
 * before the first start, `start(env)` as often as it is killed, `close()` at the end.
 */
export function childServer(dataDirPrefix: string) {
  let port = 0;
  let dataDir: string | undefined;
  let child: ChildProcess | undefined;

  const kill = () => killProcess(child);

  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    async open() {
      dataDir = mkdtempSync(join(tmpdir(), dataDirPrefix));
      port = await freePort();
    },
    /**
     * Starts the server with this process's environment and `env` over it (an undefined value
     * removes the variable); resolves once /api/health answers.
     */
    async start(env: Record<string, string | undefined>) {
      const merged: Record<string, string | undefined> = {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        CARTERA_DATA_DIR: dataDir,
        ...env,
      };
      for (const [name, value] of Object.entries(merged)) {
        if (value === undefined) delete merged[name];
      }
      child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverRoot,
        env: merged,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const running = child;
      const deadline = Date.now() + 90_000;
      for (;;) {
        if (running.exitCode !== null)
          throw new Error(`the server exited with ${running.exitCode}`);
        try {
          const response = await fetch(`${this.url}/api/health`);
          if (response.ok) return;
        } catch {
          // Not listening yet.
        }
        if (Date.now() > deadline) throw new Error('the server did not start');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    /** SIGKILL, as a crash: no graceful shutdown. */
    kill,
    async close() {
      await kill();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
