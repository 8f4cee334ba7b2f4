import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { uploads } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';
import { uploadFile } from '../../testing/http-client';
import { runJob } from '../../app-jobs';
import { purgeUnattachedUploadsJob } from './files.jobs';
import { UNATTACHED_UPLOAD_DAYS } from './upload-purge.service';
import { SELLER } from '../../testing/demo-users';

/*
 * Uploads no record took are purged (issue #30; docs/decisions.md 'Purge of unattached
 * uploads'): after two weeks the row and the stored file go; a file a record took stays, and a
 * purged file can no longer be attached.
 */
const env = useDemoApp();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function uploadPhoto(name: string) {
  return uploadFile(env.app.url, await env.tokenOf(SELLER), {
    name,
    mimeType: 'image/png',
    via: 'profile',
    body: PNG,
  });
}

async function uploadRow(key: string) {
  const [row] = await env.database.handle.db.select().from(uploads).where(eq(uploads.key, key));
  return row;
}

/** Makes an upload look handed out `days` ago. */
async function age(key: string, days: number) {
  await env.database.handle.db
    .update(uploads)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(uploads.key, key));
}

async function read(key: string) {
  const response = await fetch(`${env.app.url}/api/files/${key}`, {
    headers: { authorization: `Bearer ${await env.tokenOf(SELLER)}` },
  });
  await response.arrayBuffer();
  return response.status;
}

describe('archivos subidos que ningún registro tomó', () => {
  it('a las dos semanas se borran con su archivo; el que un registro tomó y el reciente quedan', async () => {
    const forgotten = await uploadPhoto('olvidada.png');
    const taken = await uploadPhoto('perfil.png');
    const recent = await uploadPhoto('reciente.png');
    try {
      const photo = await env.call(SELLER, 'settings.updateProfile', { photoPath: taken });
      expect(photo.error).toBeUndefined();
      await age(forgotten, UNATTACHED_UPLOAD_DAYS + 1);
      await age(taken, UNATTACHED_UPLOAD_DAYS + 1);
      await age(recent, UNATTACHED_UPLOAD_DAYS - 1);
      expect(await read(forgotten)).toBe(200);

      await runJob(purgeUnattachedUploadsJob, {}, env.app.deps);

      expect(await uploadRow(forgotten)).toBeUndefined();
      expect(await env.app.deps.storage.stat(forgotten)).toBeUndefined();
      expect(await read(forgotten)).toBe(404);
      const late = await env.call(SELLER, 'settings.updateProfile', { photoPath: forgotten });
      expect(late.error?.data.domainCode).toBe('PROFILE_PHOTO_INVALID');
      expect(late.error?.message).toBe(
        'La foto debe ser una imagen JPG, PNG, GIF o WEBP subida a Cartera.',
      );

      expect((await uploadRow(taken))?.state).toBe('checked');
      expect(await read(taken)).toBe(200);
      expect((await env.call(SELLER, 'auth.me')).data?.user.photo).toBe(
        `${env.app.url}/api/files/${taken}`,
      );
      expect((await uploadRow(recent))?.state).toBe('uploaded');
      expect(await read(recent)).toBe(200);
      const stillOnTime = await env.call(SELLER, 'settings.updateProfile', { photoPath: recent });
      expect(stillOnTime.error).toBeUndefined();
    } finally {
      await env.call(SELLER, 'settings.updateProfile', { photoPath: null });
    }
  });

  it('un archivo que se está purgando ya no se puede adjuntar', async () => {
    const key = await uploadPhoto('a-medias.png');
    await env.database.handle.db
      .update(uploads)
      .set({ state: 'purging' })
      .where(eq(uploads.key, key));
    const refused = await env.call(SELLER, 'settings.updateProfile', { photoPath: key });
    expect(refused.error?.data.domainCode).toBe('PROFILE_PHOTO_INVALID');
    expect((await env.call(SELLER, 'auth.me')).data?.user.photo).toBeNull();
    await runJob(purgeUnattachedUploadsJob, {}, env.app.deps);
    expect(await uploadRow(key)).toBeUndefined();
    expect(await env.app.deps.storage.stat(key)).toBeUndefined();
  });
});
