import { router, tenantProcedure } from '../../trpc/init';
import { downloadToStorage, ZDownloadInput, ZStoredFile } from './files.download';

export const filesRouter = router({
  fromUrl: tenantProcedure
    .meta({
      area: '/contact',
      description:
        'Fetches the file at a URL pasted into the composer (02 §8) on the server, through the outbound-URL guard (public http or https addresses only, no redirects), and stores it as an upload would be: answers its name, permanent `url`, type, size and storage `path`. Only an attachment type (image, video, audio, pdf, word, openxml, plain text, excel, powerpoint) up to 55,777,216 bytes is kept; anything else, a failed answer or an unreachable host is FILE_DOWNLOAD_FAILED and nothing is stored.',
      errors: ['FILE_DOWNLOAD_FAILED', 'FILE_TOO_LARGE', 'OUTBOUND_URL_NOT_ALLOWED'],
    })
    .input(ZDownloadInput)
    .output(ZStoredFile)
    .mutation(({ ctx, input }) => downloadToStorage(ctx.deps, ctx.user, input)),
});
