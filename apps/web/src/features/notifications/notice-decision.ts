import {
  switchesOf,
  type NoticeType,
  type NotificationPreferences,
} from '@cartera/domain/notification-preferences';

/** The browser's answer about notifications, or 'unsupported' when it has none. */
export type BrowserPermission = NotificationPermission | 'unsupported';

/** A customer's new message as the server describes it to this user (`inbox.messageNotice`). */
export interface MessageNoticeFacts {
  contactId: string;
  /** 'mine': the user holds the conversation; 'team': a supervisor's team member does. */
  audience: 'mine' | 'team';
}

export interface NoticeContext {
  preferences: NotificationPreferences;
  /** The contact whose chat the screen shows, if any. */
  openContactId: string | null;
  /** The tab is hidden (another tab or window in front, minimised). */
  hidden: boolean;
  permission: BrowserPermission;
}

export interface NoticeDecision {
  toast: boolean;
  sound: boolean;
  browser: boolean;
}

const NOTHING: NoticeDecision = { toast: false, sound: false, browser: false };

export function noticeTypeOf(notice: MessageNoticeFacts): NoticeType {
  return notice.audience === 'mine' ? 'customerMessage' : 'teamCustomerMessage';
}

/**
 * Which ways of telling fire for a customer's message (issue #33 item 2): none while its chat is
 * on screen in a visible tab (the user is reading it); otherwise what the user's preferences for
 * the notice's type allow, the toast only when the chat is not the open one, the browser's
 * notification only while the tab is hidden and the browser allows it.
 */
export function decideNotice(notice: MessageNoticeFacts | null, context: NoticeContext) {
  if (!notice) return NOTHING;
  const open = notice.contactId === context.openContactId;
  if (open && !context.hidden) return NOTHING;
  const switches = switchesOf(context.preferences, noticeTypeOf(notice));
  return {
    toast: switches.toast && !open,
    sound: switches.sound,
    browser: switches.browser && context.hidden && context.permission === 'granted',
  };
}

/**
 * Whether a customer's message may concern this user, judged from its live event before the
 * server is asked (`inbox.messageNotice`): a message in a conversation the user holds, or held by
 * someone else when the user wants their teams' notices; never an unassigned one. An event
 * without the holder (written before it carried one) is asked about.
 */
export function mayConcern(
  payload: Record<string, unknown>,
  userId: string,
  preferences: NotificationPreferences,
) {
  if (!('holderId' in payload)) return true;
  const holder = payload.holderId;
  if (holder === userId) return true;
  if (typeof holder !== 'string') return false;
  const team = switchesOf(preferences, 'teamCustomerMessage');
  return team.toast || team.sound || team.browser;
}
