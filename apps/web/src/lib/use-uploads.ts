import { useState } from 'react';
import { uploadFailureText, uploadFile, type UploadedFile } from './upload-file';

/**
 * A form's uploads (a training item's video, a post's files): the files chosen are stored one
 * after another under `via`, each handed to `stored` once it is; `progress` is the running
 * upload's share (null while none runs) and `error` the last failure's Spanish text, cleared
 * when new files are chosen.
 */
export function useUploads(via: string) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function upload(
    files: readonly File[],
    stored: (file: UploadedFile, chosen: File) => void | Promise<void>,
  ) {
    setError(null);
    for (const chosen of files) {
      setProgress(0);
      try {
        await stored(await uploadFile(chosen, { via, onProgress: setProgress }), chosen);
      } catch (failure) {
        setError(uploadFailureText(failure));
      }
    }
    setProgress(null);
  }

  return { progress, error, upload };
}
