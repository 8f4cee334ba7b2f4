import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const manifest = require('@cartera/server/package.json') as { version: string };

export const APP_VERSION = manifest.version;
