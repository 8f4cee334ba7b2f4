import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Who may see a contact is decided in one place (modules/access). This test reads the server's
 * source and finds every query of the contacts table; each must apply the access conditions
 * (scopeCondition, readableContactExists or reservedFor) or be listed below with the reason it
 * may not. A new query that returns contacts without either fails here.
 */

const SOURCE = join(import.meta.dirname, '../..');

/** `file#function` of each query that touches contacts without the access conditions, and why. */
const WITHOUT_CONDITIONS: Record<string, string> = {
  'modules/admin/admin.repository.ts#countUserHoldings':
    "counts a user's assigned contacts for an admin's move between companies (a number, no contact)",
  'modules/admin/admin.repository.ts#countCompany':
    "counts the company's contacts for the admin's company view (a number, no contact)",
  'modules/access/contacts.repository.ts#isUnassigned':
    'answers a boolean for one id (the reserve refusal: CONTACT_NOT_FOUND or CONTACT_RESERVED)',
  'modules/contacts/contact-records.repository.ts#findTenantContact':
    "reads by id only after contact-access allowed the user (a sub-conversation's parent and the numbers it shares)",
  'modules/contacts/contact-records.repository.ts#lockContact':
    'locks a row by id inside a write that visibleContact allowed first',
  'modules/contacts/contact-records.repository.ts#updateContactRow':
    'writes a row by id that visibleContact allowed first',
  'modules/contacts/contact-records.repository.ts#deleteContactRow':
    'unify deletes the merged contact after visibleContact allowed both',
  'modules/contacts/contact-records.repository.ts#reparentSubConversations':
    'unify moves sub-conversations to the base after visibleContact allowed both',
  'modules/contacts/contact-records.repository.ts#findPhoneOwners':
    'the duplicate-number check (02 §5): the service answers only what 02 §8 lets a user know of a number held by another agent, and an id only when contact-access says the user may see it',
  'modules/contacts/contact-records.repository.ts#findSubConversations':
    "the 'Subconversaciones' panel (02 §2) lists the copies of a contact visibleContact allowed, whoever holds them",
  'modules/inbox/inbox.repository.ts#findInboxPage':
    "one agent's portfolio, the agent decided by contact-access (portfolioOwner, sharedInboxOwner), or the unassigned 'Inbox' every agent may see",
  'modules/inbox/inbox.repository.ts#reserveContact':
    "reserves an unassigned contact for the caller ('Inbox' is every agent's)",
  'modules/inbox/inbox.repository.ts#releaseContact': "releases the caller's own reservation",
  'modules/shared-inboxes/shared-inboxes.repository.ts#ownerContacts':
    "counts a shared portfolio's contacts for its management screen (no contact is returned)",
  'modules/channels/channel-numbers.repository.ts#findContactByPhones':
    "an inbound message finds its contact by any form of the sender's number (system code: the sender decides, no user is asking)",
  'modules/channels/channels.repository.ts#findContactByEmail':
    'a lead form without a known number finds its contact by the e-mail it gave (system code)',
  'modules/channels/channels.repository.ts#findContactByScopedId':
    'an inbound Messenger or Instagram message finds its contact by the page-scoped id (system code)',
  'modules/channels/channels.repository.ts#findByProviderMessageId':
    "a provider's delivery receipt finds the message it reports on (system code)",
  'modules/channels/channels.repository.ts#findMessageContact':
    'the outbox job reads the recipient of a message a user was allowed to send',
  'modules/channels/channels.repository.ts#findContactsWithPhone':
    "the demo seed picks a demo seller's contacts for the 'Canal de prueba' conversations (no user is asking)",
  'modules/channels/channels.repository.ts#lockChannelItem':
    "the media job stores a customer's file on the item it came with (system code)",
  'modules/channels/channels.repository.ts#findOutboundUpTo':
    "a provider's read or delivery watermark moves the channel's messages to the person it names (no user is asking)",
  'modules/request-sales/request-sales.repository.ts#findContactNames':
    "names the contacts of the request sales the back office's scope allowed (a request shared with the caller may be on someone else's contact)",
  'modules/metrics/metrics.repository.ts#touchContactWait':
    'marks the last interaction and the answer wait of a contact the writing service already checked',
  'modules/metrics/metrics.repository.ts#findContactStates':
    "counts (returns no contact) the unattended contacts and reminders of the sellers the dashboard's scope allowed",
};

const TOUCHES_CONTACTS =
  /\.from\(contacts\)|[jJ]oin\(\s*contacts\b|\.update\(contacts\)|\.delete\(contacts\)|\b(?:from|join|update)\s+\$\{contacts\}|\b(?:from|join|update)\s+contacts\b/g;
const APPLIES_ACCESS = /\b(?:scopeCondition|readableContactExists|reservedFor)\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every top-level function or constant that queries the contacts table, and whether it applies access. */
function contactQueries() {
  const found = new Map<string, boolean>();
  for (const path of sourceFiles(SOURCE)) {
    const source = readFileSync(path, 'utf8');
    const declarations = [
      ...source.matchAll(/^(?:export )?(?:async )?(?:function\*? (\w+)|const (\w+)\s*=)/gm),
    ].map((match) => ({ at: match.index, name: match[1] ?? match[2]! }));
    for (const match of source.matchAll(TOUCHES_CONTACTS)) {
      const index = declarations.findLastIndex((declaration) => declaration.at < match.index);
      const declaration = declarations[index];
      const body = source.slice(declaration?.at ?? 0, declarations[index + 1]?.at);
      const key = `${relative(SOURCE, path)}#${declaration?.name ?? '(top level)'}`;
      found.set(key, (found.get(key) ?? true) && APPLIES_ACCESS.test(body));
    }
  }
  return found;
}

describe('acceso a contactos en un solo lugar', () => {
  const queries = contactQueries();

  it('encuentra las consultas de contactos del servidor', () => {
    expect(queries.size).toBeGreaterThan(15);
    expect(queries.get('modules/contacts/contacts.repository.ts#findContactsPage')).toBe(true);
  });

  it('toda consulta de contactos aplica el alcance del usuario o dice por qué no', () => {
    const unchecked = [...queries]
      .filter(([key, applies]) => !applies && !(key in WITHOUT_CONDITIONS))
      .map(([key]) => key);
    expect(unchecked).toEqual([]);
  });

  it('la lista de excepciones no guarda consultas que ya no existen o que ya aplican el alcance', () => {
    const stale = Object.keys(WITHOUT_CONDITIONS).filter((key) => queries.get(key) !== false);
    expect(stale).toEqual([]);
  });
});
