import pino, { type Logger } from 'pino';
import type { Env } from './env';

export type { Logger };

export function createLogger(env: Pick<Env, 'logLevel'>): Logger {
  return pino({
    level: env.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      censor: '[redacted]',
    },
  });
}
