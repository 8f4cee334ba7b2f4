import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase } from '../client';
import { migrateDatabase, migrationsFolder } from '../migrate';

export type TestDatabaseSource =
  { kind: 'pglite' } | { kind: 'postgres'; adminUrl: string; template: string };

/** Replaces the database name of a postgres:// URL. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The template's name carries a hash of the migrations, so a changed migration gets a new one. */
function templateName(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(join(folder, file)));
  }
  return `cartera_template_${hash.digest('hex').slice(0, 12)}`;
}

const TEMPLATE_LOCK = 72_616_002;

/** Creates and migrates the template database once; concurrent runs wait on an advisory lock. */
export async function prepareTemplate(adminUrl: string): Promise<string> {
  const name = templateName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const existing = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount === 0) {
      await admin.query(`create database ${pg.escapeIdentifier(name)}`);
      const handle = createDatabase({ url: withDatabase(adminUrl, name), poolSize: 1 });
      try {
        await migrateDatabase(handle);
      } catch (error) {
        await handle.close();
        await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
        throw error;
      }
      await handle.close();
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => {});
    await admin.end();
  }
}
