import { linkOptions } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { nextContactQuery } from './contact-origin';

const menu = es.menu.entries;

/**
 * Where the contact view's back link leads (03 §2.1: back to the inbox): to the inbox the contact
 * was opened from (`inbox` of /contact: 'Conversaciones', a seller's, 'Inbox', a shared one), or
 * to 'Contactos' when it was opened from the list (no `inbox`) or from anywhere else.
 */
export function backLink(inbox: string | undefined, meId: string) {
  const origin = inbox === undefined ? null : nextContactQuery(inbox, meId);
  const back = (name: string) => format(es.contacts.backTo, { name });
  if (origin?.inbox === 'conversations') {
    return {
      label: back(menu.conversations),
      link: linkOptions({ to: '/contact', search: { agent: origin.agentId } }),
    };
  }
  if (origin?.inbox === 'unassigned') {
    return { label: back(menu.inbox), link: linkOptions({ to: '/contact/unassigned' }) };
  }
  if (origin?.inbox === 'shared') {
    return {
      label: back(menu.sharedInbox),
      link: linkOptions({ to: '/contact/sharedinbox', search: { shared: origin.sharedInboxId } }),
    };
  }
  return { label: es.contacts.backToList, link: linkOptions({ to: '/contacts' }) };
}
