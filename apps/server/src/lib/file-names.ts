/** Names of stored files (storage keys end with them). */

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'application/pdf': 'pdf',
};

/** A file name safe in a storage key: letters, digits, dots, dashes; never empty. */
export function storedName(fileName: string | undefined, kind: string, mimeType: string) {
  const base = (fileName ?? '').normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '-');
  const trimmed = base.replace(/^[.-]+/, '').slice(-100);
  if (trimmed) return trimmed;
  const extension = EXTENSIONS[mimeType.split(';')[0]!.trim()] ?? 'bin';
  return `${kind}.${extension}`;
}
