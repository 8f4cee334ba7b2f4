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

describe('la dirección de soporte', () => {
  it('https o mailto; vacía no muestra la entrada; cualquier otra cosa no arranca', () => {
    expect(loadEnv({ ...base }).supportUrl).toBeUndefined();
    expect(loadEnv({ ...base, SUPPORT_URL: '' }).supportUrl).toBeUndefined();
    expect(loadEnv({ ...base, SUPPORT_URL: 'https://ayuda.example.com' }).supportUrl).toBe(
      'https://ayuda.example.com',
    );
    expect(loadEnv({ ...base, SUPPORT_URL: 'mailto:soporte@example.com' }).supportUrl).toBe(
      'mailto:soporte@example.com',
    );
    expect(() => loadEnv({ ...base, SUPPORT_URL: 'javascript:alert(1)' })).toThrow(/SUPPORT_URL/);
    expect(() => loadEnv({ ...base, SUPPORT_URL: 'http://ayuda.example.com' })).toThrow(
      /SUPPORT_URL/,
    );
  });
});
