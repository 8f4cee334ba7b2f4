import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

const base = { CARTERA_DATA_DIR: '/tmp/cartera-env-test', SESSION_SECRET: 'test-secret' };

describe('el transporte de los eventos en vivo', () => {
  it('sin nada lo elige la base (vacío = por defecto); con REDIS_URL es redis', () => {
    expect(loadEnv({ ...base }).eventBus).toEqual({ transport: undefined, redisUrl: undefined });
    expect(loadEnv({ ...base, EVENT_BUS: '' }).eventBus.transport).toBeUndefined();
    expect(loadEnv({ ...base, REDIS_URL: 'redis://127.0.0.1:6379' }).eventBus).toEqual({
      transport: 'redis',
      redisUrl: 'redis://127.0.0.1:6379',
    });
  });

  it('EVENT_BUS manda sobre REDIS_URL y rechaza lo que no conoce', () => {
    expect(
      loadEnv({ ...base, EVENT_BUS: 'postgres', REDIS_URL: 'redis://127.0.0.1:6379' }).eventBus
        .transport,
    ).toBe('postgres');
    expect(() => loadEnv({ ...base, EVENT_BUS: 'kafka' })).toThrow(/EVENT_BUS/);
  });
});
