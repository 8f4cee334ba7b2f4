import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadEnv } from './env';

/*
 * The compose file for many instances (issue #37 item 4). No container engine runs in CI, so
 * this reads it: the services, the replicas, the variables each replica gets (and that the
 * server accepts them), and the proxy's configuration it mounts.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

interface Service {
  image?: string;
  build?: unknown;
  deploy?: { replicas?: string | number };
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }> | string[];
  ports?: string[];
  expose?: string[];
  volumes?: string[];
}

const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
};

describe('docker-compose.yml', () => {
  it('levanta réplicas de la app detrás del proxy, con Redis, PostgreSQL y MinIO', () => {
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual(
      ['app', 'minio', 'minio-init', 'postgres', 'proxy', 'redis'].sort(),
    );
    const app = services.app!;
    // Three replicas unless CARTERA_REPLICAS says otherwise.
    expect(app.deploy?.replicas).toBe('${CARTERA_REPLICAS:-3}');
    // Only the proxy is published: a replica's port would clash with the next one's.
    expect(app.ports).toBeUndefined();
    expect(services.proxy!.ports).toEqual(['3000:3000']);
    expect(services.proxy!.volumes).toEqual([
      './deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro',
    ]);
    expect(Object.keys(app.depends_on as Record<string, unknown>).sort()).toEqual(
      ['minio', 'minio-init', 'postgres', 'redis'].sort(),
    );
  });

  it('cada réplica comparte base, Redis, archivos y secretos, y corre los trabajos', () => {
    const env = Object.fromEntries(
      Object.entries(compose.services.app!.environment!).map(([key, value]) => [
        key,
        String(value),
      ]),
    );
    expect(env).toMatchObject({
      DATABASE_URL: 'postgres://cartera:cartera@postgres:5432/cartera',
      REDIS_URL: 'redis://redis:6379',
      EVENT_BUS: 'redis',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'cartera',
      JOBS_ENABLED: 'true',
    });
    // The server accepts the replica's environment as it is.
    const loaded = loadEnv({ ...env, CARTERA_DATA_DIR: '/tmp/cartera-compose-test' });
    expect(loaded.eventBus).toEqual({ transport: 'redis', redisUrl: 'redis://redis:6379' });
    expect(loaded.s3?.bucket).toBe('cartera');
    expect(loaded.trustedProxies.length).toBeGreaterThan(0);
    expect(loaded.jobsEnabled).toBe(true);
  });

  it('el proxy reparte entre las réplicas por el nombre del servicio y comprueba su salud', () => {
    const config = readFileSync(join(root, 'deploy/haproxy.cfg'), 'utf8');
    expect(config).toMatch(/^\s*bind :3000$/m);
    expect(config).toMatch(/^\s*server-template app \d+ app:3000 check$/m);
    expect(config).toMatch(/^\s*option httpchk GET \/api\/health$/m);
    expect(config).toMatch(/^\s*timeout tunnel /m);
  });
});
