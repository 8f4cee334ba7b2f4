import { z } from 'zod';
import { trainingEs } from './i18n/training.es';
import { ZHttpUrl } from './input';
import { ROLES } from './roles';

/*
 * The training area 'Aprender' (01 §2, §7 Coach, §9; 03 §2.3, §3, §4, §9; issue #18): recorded
 * classes and tutorials, the coach's posts with comments and reactions. One definition for web and
 * server.
 */

/** 'instance' is a recorded class ('Clases grabadas'), 'tutorial' a tutorial (03 §3). */
export const TRAINING_ITEM_TYPES = ['instance', 'tutorial'] as const;
export type TrainingItemType = (typeof TRAINING_ITEM_TYPES)[number];

/** The six reactions of a coach post, in the order they are offered (03 §3 Reactions). */
export const REACTIONS = ['like', 'love', 'applaud', 'strength', 'celebration', 'checked'] as const;
export type Reaction = (typeof REACTIONS)[number];

/**
 * 01 §9, 03 §9: training lists 5 a page; coach posts 5; 'Continuar viendo' "instances 4, posts
 * 2": up to 4 recorded classes and 2 tutorials (the spec's posts; decisions.md 'Training').
 */
export const TRAINING_PAGE_SIZE = 5;
export const COACH_POSTS_PAGE_SIZE = 5;
export const CONTINUE_WATCHING_ITEMS = 4;
export const CONTINUE_WATCHING_POSTS = 2;

/**
 * 'Continuar viendo' on 'Todos': up to CONTINUE_WATCHING_ITEMS of the recorded classes and
 * CONTINUE_WATCHING_POSTS of the tutorials the user opened, each list newest first, together
 * newest first.
 */
export function continueWatchingRow<T extends { progress?: { lastInteractionAt: Date } | null }>(
  classes: readonly T[],
  tutorials: readonly T[],
): T[] {
  const opened = (item: T) => item.progress?.lastInteractionAt.getTime() ?? 0;
  const newest = (items: readonly T[], count: number) =>
    [...items].sort((a, b) => opened(b) - opened(a)).slice(0, count);
  return [
    ...newest(classes, CONTINUE_WATCHING_ITEMS),
    ...newest(tutorials, CONTINUE_WATCHING_POSTS),
  ].sort((a, b) => opened(b) - opened(a));
}
/** 03 §9: comments come 5 at a time (a post's first ones, a comment's replies). */
export const COMMENTS_PAGE_SIZE = 5;
/** 03 §4, §9: a reaction is sent 500 ms after the last click. */
export const REACTION_DEBOUNCE_MS = 500;

export const MAX_TITLE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_COMMENT_LENGTH = 2000;

/** 01 §9 duration display: under 60 s in seconds, under an hour in minutes, else hours. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min`;
  // Rounded down to a tenth, so 7,199 s is '1,9 h' and never '2,0 h' (decisions.md, training).
  const tenths = Math.floor(whole / 360);
  return `${tenths % 10 === 0 ? tenths / 10 : `${Math.floor(tenths / 10)},${tenths % 10}`} h`;
}

/** A position in a video as a clock: '0:14', '12:05', '1:02:03'. */
export function formatPosition(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return hours ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

/** Who a class, tutorial or post reaches: empty lists mean the whole company. */
export const ZTrainingAudience = z.object({
  groupIds: z.array(z.string().uuid()).max(100).default([]),
  roles: z.array(z.enum(ROLES)).max(ROLES.length).default([]),
});

/** Where this server keeps uploaded files (the local storage's path, storage/local-storage.ts). */
const UPLOADED_FILES_PATH = '/api/files/';

/**
 * Where a file of a post may be: a web address (http or https: an upload's permanent address is
 * one) or a path of this server's uploads; never `javascript:`, `data:` or another scheme.
 */
export function isMediaUrl(value: string): boolean {
  if (value.startsWith(UPLOADED_FILES_PATH)) return !/[\\]|\/\.\.?(\/|$)/.test(value);
  return ZHttpUrl.safeParse(value).success;
}

/** A file of a post or the uploaded video of a class: where the upload flow left it. */
export const ZTrainingMedia = z.object({
  name: z.string().trim().min(1).max(255),
  url: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .refine(isMediaUrl, { error: trainingEs.post.mediaUrlInvalid }),
  mimeType: z.string().trim().max(200).default(''),
  /** Bytes; more than MAX_UPLOAD_BYTES is refused with FILE_TOO_LARGE by the server. */
  size: z.number().int().min(0),
});
export type TrainingMedia = z.infer<typeof ZTrainingMedia>;

/** An address of a video or an image: a web address or a path of this server. */
const ZLink = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((value) => /^(https?:\/\/|\/)/i.test(value), trainingEs.post.linkInvalid);

/** The fields of 'Crear/Modificar' a class or tutorial (03 §3 Training instance/tutorial). */
export const ZTrainingItemValues = z.object({
  type: z.enum(TRAINING_ITEM_TYPES),
  title: z.string().trim().min(1).max(MAX_TITLE_LENGTH),
  description: z.string().trim().max(MAX_DESCRIPTION_LENGTH).default(''),
  date: z.coerce.date(),
  /** Seconds (03 §3). */
  duration: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600),
  miniature: ZLink.nullable().default(null),
  /** The class's video: a link (`linkOfClass`) or an uploaded file. */
  linkOfClass: ZLink,
  /** The uploaded video, when it is one: its size is checked against the upload limit. */
  video: ZTrainingMedia.nullable().default(null),
  audience: ZTrainingAudience.default({ groupIds: [], roles: [] }),
});
export type TrainingItemValues = z.input<typeof ZTrainingItemValues>;

/** 'Crear/Modificar publicación' (03 §3 Post form: title, content, users, company, roles, media). */
export const ZCoachPostValues = z.object({
  title: z.string().trim().min(1).max(MAX_TITLE_LENGTH),
  content: z.string().trim().min(1).max(MAX_DESCRIPTION_LENGTH),
  media: z.array(ZTrainingMedia).max(10).default([]),
  audience: ZTrainingAudience.extend({
    userIds: z.array(z.string().uuid()).max(200).default([]),
  }).default({ groupIds: [], roles: [], userIds: [] }),
});
export type CoachPostValues = z.input<typeof ZCoachPostValues>;

/** 03 §5: a comment's content is required (an empty one is COACH_COMMENT_EMPTY, not a 400 of zod). */
export const ZCommentContent = z.string().trim().max(MAX_COMMENT_LENGTH);
