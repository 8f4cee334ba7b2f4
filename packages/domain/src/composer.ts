import { z } from 'zod';
import { validationEs } from './i18n/validation.es';

/**
 * The composer's starting mode (03 §2.2) and the user's appearance preference that chooses it
 * (03 §3 User `appearanceConfig.defaultChatAction`, 01 §7 /settings/appearance).
 */

export const DEFAULT_CHAT_ACTIONS = ['channel', 'personal_wpp', 'note'] as const;
export type DefaultChatAction = (typeof DEFAULT_CHAT_ACTIONS)[number];

export const INVALID_DEFAULT_CHAT_ACTION = validationEs.appearance.chatActionInvalid;

export const UNKNOWN_APPEARANCE_KEYS = validationEs.appearance.unknownKeys;

/** What a user may change of their appearance; `null` forgets the preference. */
export const ZAppearanceUpdate = z.strictObject(
  {
    defaultChatAction: z
      .enum(DEFAULT_CHAT_ACTIONS, { error: INVALID_DEFAULT_CHAT_ACTION })
      .nullable()
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? UNKNOWN_APPEARANCE_KEYS.replace('{keys}', issue.keys.join(', '))
        : validationEs.bodyInvalid,
  },
);
export type AppearanceUpdate = z.infer<typeof ZAppearanceUpdate>;

/** The stored preference as answered: unknown keys and values left by older clients dropped. */
export const ZAppearanceConfig = z.object({
  defaultChatAction: z.enum(DEFAULT_CHAT_ACTIONS).optional().catch(undefined),
});
export type AppearanceConfig = z.infer<typeof ZAppearanceConfig>;

/** 03 §6: note attachments at most per note (the server refuses more). */
export const NOTE_ATTACHMENTS_MAX = 50;

/**
 * 03 §6: the attachment types offered — image, video, audio, pdf, word, openxml, plain text,
 * excel and powerpoint — as the file chooser's `accept`.
 */
export const NOTE_ATTACHMENT_ACCEPT = [
  'image/*',
  'video/*',
  'audio/*',
  'application/pdf',
  '.pdf',
  'application/msword',
  '.doc',
  '.docx',
  'text/plain',
  '.txt',
  'application/vnd.ms-excel',
  '.xls',
  '.xlsx',
  'application/vnd.ms-powerpoint',
  '.ppt',
  '.pptx',
].join(',');

/** Channel types never chosen as the starting mode (03 §2.2). */
const NEVER_DEFAULT_CHANNEL_TYPES: ReadonlySet<string> = new Set(['email', 'leads']);

export interface ComposerChannel {
  id: string;
  /** 'whatsapp', 'facebook', 'email', 'leads'… */
  type: string;
  /** The latest interaction of this contact through the channel. */
  lastInteractionAt: Date | null;
  /** The latest time the user contacted anyone through the channel. */
  lastContactedAt: Date | null;
}

export interface DefaultComposerModeInput {
  /** The user's `defaultChatAction`; none behaves as 'channel'. */
  preference: DefaultChatAction | null | undefined;
  /** The channels listed for this contact in the composer. */
  channels: readonly ComposerChannel[];
  personalWhatsApp: {
    /** The user has personal WhatsApp enabled. */
    enabled: boolean;
    /** The latest interaction of this contact through the user's personal WhatsApp. */
    lastInteractionAt: Date | null;
  };
  contactHasPhone: boolean;
}

export type ComposerStart =
  { mode: 'channel'; channelId: string } | { mode: 'personal_wpp' } | { mode: 'note' };

const time = (date: Date | null) => (date ? date.getTime() : Number.NEGATIVE_INFINITY);

/**
 * 03 §2.2: 'note' starts in note mode; 'personal_wpp' in personal WhatsApp when it may be used
 * (enabled and the contact has a phone), else note. 'channel' (the default) picks the channel
 * with the contact's latest interaction — email and leads excluded, personal WhatsApp counted
 * only when it may be used — then the listed channel contacted most recently, then personal
 * WhatsApp, else note.
 */
export function defaultComposerMode(input: DefaultComposerModeInput): ComposerStart {
  const personalUsable = input.personalWhatsApp.enabled && input.contactHasPhone;
  const preference = input.preference ?? 'channel';
  if (preference === 'note') return { mode: 'note' };
  if (preference === 'personal_wpp') {
    return personalUsable ? { mode: 'personal_wpp' } : { mode: 'note' };
  }

  const candidates = input.channels.filter(
    (channel) => !NEVER_DEFAULT_CHANNEL_TYPES.has(channel.type),
  );
  const latest = latestBy(candidates, (channel) => channel.lastInteractionAt);
  const personalLatest = personalUsable ? input.personalWhatsApp.lastInteractionAt : null;
  if (latest?.lastInteractionAt || personalLatest) {
    if (time(personalLatest) > time(latest?.lastInteractionAt ?? null)) {
      return { mode: 'personal_wpp' };
    }
    return { mode: 'channel', channelId: latest!.id };
  }
  const contacted = latestBy(candidates, (channel) => channel.lastContactedAt);
  if (contacted) return { mode: 'channel', channelId: contacted.id };
  return personalUsable ? { mode: 'personal_wpp' } : { mode: 'note' };
}

/** The item with the latest date; with no dates at all, the first item (the listed order). */
function latestBy<T>(items: readonly T[], dateOf: (item: T) => Date | null): T | undefined {
  let best: T | undefined;
  for (const item of items) {
    if (best === undefined || time(dateOf(item)) > time(dateOf(best))) best = item;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Media before sending (03 §2.1 media preview and editor, §3 Media item, §5 image editor).

/** A file the seller is about to send, as the preview and editor keep it (03 §3 Media item). */
export interface MediaItem {
  name: string;
  /** Where the file is while being edited (an object URL of the browser). */
  path: string;
  /** Its MIME type. */
  type: string;
  size: number;
  caption: string;
  /** Where the crop is, in the editor's coordinates (moves settle after 400 ms). */
  position: { x: number; y: number };
  scale: number;
  /** Degrees clockwise: one of MEDIA_ROTATIONS. */
  rotate: MediaRotation;
}

/** 03 §5: rotation cycles through four steps. */
export const MEDIA_ROTATIONS = [0, 90, 180, 270] as const;
export type MediaRotation = (typeof MEDIA_ROTATIONS)[number];

/** The next step of the rotation cycle: 0 → 90 → 180 → 270 → 0. */
export function nextRotation(rotate: MediaRotation): MediaRotation {
  return MEDIA_ROTATIONS[(MEDIA_ROTATIONS.indexOf(rotate) + 1) % MEDIA_ROTATIONS.length]!;
}

/** Whether a rotation turns the picture on its side (its width and height swap). */
export function rotatedSideways(rotate: MediaRotation): boolean {
  return rotate === 90 || rotate === 270;
}

/**
 * 03 §5: a scale of 0 or of 7 and above is rejected. The zoom's own bounds and step are not
 * shown: ours go from 1 (the whole picture) to 6 in steps of 0.5 (docs/decisions.md).
 */
export const MEDIA_SCALE_MIN = 1;
export const MEDIA_SCALE_MAX = 6;
export const MEDIA_SCALE_STEP = 0.5;

export function mediaScaleAccepted(scale: number): boolean {
  return Number.isFinite(scale) && scale > 0 && scale < 7;
}

/**
 * The scale after a zoom in (+1) or out (-1): one step, kept within the zoom's bounds; a scale
 * the editor rejects stays where it was.
 */
export function zoomedScale(scale: number, direction: 1 | -1): number {
  const next = Math.min(
    MEDIA_SCALE_MAX,
    Math.max(MEDIA_SCALE_MIN, scale + direction * MEDIA_SCALE_STEP),
  );
  return mediaScaleAccepted(next) ? next : scale;
}

/** 03 §9: the crop position settles this long after the last move. */
export const CROP_POSITION_DEBOUNCE_MS = 400;

/** 02 §5: the media a paste may bring in (png, jpg, jpeg, mp4). */
export const PASTED_MEDIA_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'video/mp4',
]);

/** The pictures the editor opens (the pasted or chosen png, jpg and jpeg). */
export const EDITABLE_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg']);
