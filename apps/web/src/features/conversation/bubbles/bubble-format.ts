import { EMAIL_DELIVERY_STATUSES, type EmailDeliveryStatus } from '@cartera/domain/email';

/** 03 §9: an audio's waveform has 55 bars. */
export const WAVEFORM_BARS = 55;

/** 03 §9: the playback speeds, in the order the speed button cycles through them. */
export const PLAYBACK_SPEEDS = [1, 1.5, 2] as const;

/** The speed after `current` (back to the first after the last). */
export function nextSpeed(current: number): number {
  const index = PLAYBACK_SPEEDS.indexOf(current as (typeof PLAYBACK_SPEEDS)[number]);
  return PLAYBACK_SPEEDS[(index + 1) % PLAYBACK_SPEEDS.length]!;
}

/** '1x', '1.5x', '2x'. */
export function speedLabel(speed: number): string {
  return `${speed}x`;
}

/**
 * The height of each bar (0 to 1): the loudest sample of its stretch of the recording, scaled so
 * the loudest bar is 1. A silent (or empty) recording gives flat, low bars.
 */
export function waveformPeaks(samples: ArrayLike<number>, bars = WAVEFORM_BARS): number[] {
  const peaks = new Array<number>(bars).fill(0);
  if (samples.length === 0) return peaks.map(() => FLAT_BAR);
  const size = samples.length / bars;
  for (let bar = 0; bar < bars; bar += 1) {
    const start = Math.floor(bar * size);
    const end = Math.max(start + 1, Math.floor((bar + 1) * size));
    let peak = 0;
    for (let index = start; index < end && index < samples.length; index += 1) {
      const value = Math.abs(samples[index]!);
      if (value > peak) peak = value;
    }
    peaks[bar] = peak;
  }
  const loudest = Math.max(...peaks);
  if (loudest === 0) return peaks.map(() => FLAT_BAR);
  return peaks.map((peak) => Math.max(MIN_BAR, peak / loudest));
}

/** The bars of a recording whose samples could not be read. */
export const FLAT_BAR = 0.3;
/** The lowest bar drawn, so a quiet stretch still shows. */
const MIN_BAR = 0.08;

/** Seconds as m:ss (a voice note is seldom longer than an hour). */
export function clockOf(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** 03 §9: a sender's name in previews (quotes) is cut at 12 characters plus an ellipsis. */
export function previewName(name: string): string {
  return name.length > 12 ? `${name.slice(0, 12)}…` : name;
}

/** The extension a file's name ends with, or its type's subtype, for 'Este tipo de archivo'. */
export function fileTypeOf(fileName: string | null, mimeType: string | null): string {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(fileName ?? '')?.[1];
  if (extension) return extension.toLowerCase();
  return mimeType?.split('/')[1]?.split(';')[0] ?? '?';
}

/** Whether a document can be shown in the preview (PDF only). */
export function previewable(fileName: string | null, mimeType: string | null): boolean {
  return fileTypeOf(fileName, mimeType) === 'pdf' || mimeType === 'application/pdf';
}

/**
 * Whether the page may read a file's bytes itself (the waveform, a PDF preview): only the files
 * Cartera serves; the page's security policy refuses connections to other hosts.
 */
export function readableHere(url: string, page: string): boolean {
  try {
    return new URL(url, page).origin === new URL(page).origin;
  } catch {
    return false;
  }
}

/** 03 §4: an e-mail item's delivery state (pending, sent, received, done, error), or null. */
export function emailDeliveryOf(status: string | null | undefined): EmailDeliveryStatus | null {
  return (EMAIL_DELIVERY_STATUSES as readonly string[]).includes(status ?? '')
    ? (status as EmailDeliveryStatus)
    : null;
}
