/** Upload limits shared by the web (drops the file early) and the server (refuses it). 01 §5, §9. */
export const MAX_UPLOAD_BYTES = 55_777_216;

/** How long a signed upload URL stays valid when the caller does not say (seconds). */
export const DEFAULT_UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** Upper bound a caller may ask for with `expires` (seconds). */
export const MAX_UPLOAD_URL_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * 03 §6: the kinds of file a conversation may carry — image, video, audio, pdf, word, openxml,
 * plain text, excel and powerpoint — as MIME types (a file fetched from a pasted URL, 02 §8).
 */
const ATTACHMENT_TYPES: readonly RegExp[] = [
  /^image\//,
  /^video\//,
  /^audio\//,
  /^application\/pdf$/,
  /^application\/msword$/,
  /^application\/vnd\.openxmlformats-officedocument\./,
  /^text\/plain$/,
  /^application\/vnd\.ms-excel$/,
  /^application\/vnd\.ms-powerpoint$/,
];

export function attachmentTypeAllowed(mimeType: string): boolean {
  return ATTACHMENT_TYPES.some((pattern) => pattern.test(mimeType.toLowerCase()));
}

/** The MIME type of a file name's extension, for an answer that does not say its type. */
const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
};

export function mimeTypeOfName(name: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return extension ? TYPES_BY_EXTENSION[extension] : undefined;
}
