import { z } from 'zod';
import { companyEs } from './i18n/company.es';
import { isCleanText } from './input';
import { placeholderText, replacePlaceholders } from './placeholders';

/*
 * Shortcuts (03 §3 Shortcut, §2.1 info panel, §2.2 tab bar, §5): links a company configures in
 * 'Mi Empresa' and its sellers open from a conversation, in a floating window inside Cartera
 * ('internal') or in a new tab ('external'). The URL is a template whose {{path}} placeholders
 * are filled from the contact, the user and the user's group. One set of rules for the editor,
 * the server and the conversation.
 */

const t = companyEs.shortcuts;

export const REDIRECTION_TYPES = ['internal', 'external'] as const;
export type RedirectionType = (typeof REDIRECTION_TYPES)[number];

/** The icons an 'icon' avatar may name (drawn by the web). */
export const SHORTCUT_ICONS = [
  'link',
  'calendar',
  'cart',
  'file',
  'users',
  'building',
  'map',
  'chart',
  'phone',
] as const;
export type ShortcutIcon = (typeof SHORTCUT_ICONS)[number];

/** How many shortcuts a company may have (ours: the tab bar holds a handful). */
export const MAX_SHORTCUTS = 20;
/** 03 §5: the floating window of an internal shortcut is never smaller than this. */
export const SHORTCUT_WINDOW_MIN = { width: 200, height: 150 } as const;
/** 03 §9: the floating window opens at 425 × 300 ('Floating window default'). */
export const SHORTCUT_WINDOW_DEFAULT = { width: 425, height: 300 } as const;
/** 03 §9: 'iframe window 1080 by 720', the size the window's 'Ampliar' gives the framed page. */
export const SHORTCUT_WINDOW_LARGE = { width: 1080, height: 720 } as const;

const isHttp = (url: string) => {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
};

/** What a placeholder stands for while a template is checked (a word any URL part accepts). */
const SAMPLE = 'x';

/**
 * Whether a URL template may be saved: every `{{ }}` names a path (no brace left over), and the
 * template with its placeholders filled is an http or https address. A template that starts
 * with a placeholder takes its whole address from the data: only its braces are checked here,
 * the address itself when it is opened.
 */
export function shortcutTemplateValid(template: string): boolean {
  const text = template.trim();
  if (!text || !isCleanText(text)) return false;
  const bare = replacePlaceholders(text, () => '');
  if (/\s/.test(bare) || bare.includes('{{') || bare.includes('}}')) return false;
  if (/^\{\{/.test(text)) return true;
  return isHttp(replacePlaceholders(text, () => SAMPLE));
}

/**
 * The template with sample values, for the server's check of the address it points to (the
 * outbound guard's rules: no private, loopback or link-local host); null when the address
 * comes from the data.
 */
export function shortcutSampleUrl(template: string): string | null {
  const text = template.trim();
  if (/^\{\{/.test(text)) return null;
  return replacePlaceholders(text, () => SAMPLE);
}

/** The data a template is filled from (03 §5: the contact, the user and the group). */
export interface ShortcutData {
  contact: Record<string, unknown>;
  user: Record<string, unknown>;
  group: Record<string, unknown>;
  [key: string]: Record<string, unknown>;
}

export type ShortcutTarget =
  { ok: true; url: string } | { ok: false; reason: 'missing' | 'invalid' };

/**
 * The address a shortcut opens: its template filled from the data. A value inside the address
 * is encoded (a name with spaces, an e-mail's '@'); a placeholder that opens the template is the
 * address itself and goes as it is. No template: 'missing'; anything but an http or https
 * address: 'invalid' (never a javascript: or data: link, whatever the data holds).
 */
export function shortcutTarget(
  template: string | null | undefined,
  data: ShortcutData,
): ShortcutTarget {
  const text = (template ?? '').trim();
  if (!text) return { ok: false, reason: 'missing' };
  const bare = replacePlaceholders(text, () => '');
  if (bare.includes('{{') || bare.includes('}}')) {
    return { ok: false, reason: 'invalid' };
  }
  const url = replacePlaceholders(text, (path, offset) => {
    const value = placeholderText(data, path);
    return offset === 0 ? value.trim() : encodeURIComponent(value);
  });
  if (!isHttp(url)) return { ok: false, reason: 'invalid' };
  return { ok: true, url: new URL(url).href };
}

const ZAvatar = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('icon'),
    url: z.enum(SHORTCUT_ICONS, { error: t.avatarIconRequired }),
  }),
  z.object({
    type: z.literal('link'),
    url: z.string().trim().max(2000, t.avatarUrlInvalid).refine(isHttp, t.avatarUrlInvalid),
  }),
]);

/** A shortcut as stored in `configs.conversation.shortcuts` (the list's order is the tabs'). */
export const ZShortcut = z.object({
  id: z.string().min(1).max(60),
  title: z.string().min(1).max(60),
  url: z.string().max(2000),
  redirectionType: z.enum(REDIRECTION_TYPES).default('internal'),
  avatar: ZAvatar.nullable().default(null).catch(null),
});
export type Shortcut = z.output<typeof ZShortcut>;

/** What the editor sends to create or replace a shortcut. */
export const ZShortcutInput = z.object({
  title: z.string().trim().min(1, t.titleRequired).max(60, t.titleTooLong),
  url: z
    .string()
    .trim()
    .min(1, { error: t.urlRequired, abort: true })
    .max(2000, t.urlTooLong)
    .refine(shortcutTemplateValid, t.urlInvalid),
  redirectionType: z.enum(REDIRECTION_TYPES).default('internal'),
  avatar: ZAvatar.nullable().default(null),
});
export type ShortcutInput = z.input<typeof ZShortcutInput>;
