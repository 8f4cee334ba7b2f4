/* Applies migrations to DATABASE_URL (or the embedded database): `npm run db:migrate`. */
import { createDatabase } from '../client';
import { migrateDatabase } from '../migrate';

const handle = createDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.CARTERA_DATA_DIR || '.data/db',
});
await migrateDatabase(handle);
await handle.close();
console.warn('migrations applied');
