import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Whose records a user reaches is decided in one place (modules/access). This test reads the
 * server's source and finds every query of each scoped table; each must compose its resource's
 * condition or be listed below with the reason it may not. A new query of a scoped table without
 * it fails here, and so does a new table of the schema that names whose record a row is
 * (a seller, agent or creator column, or an audience of groups) without being scoped here or
 * listed as unscoped with why.
 */

const SOURCE = join(import.meta.dirname, '../..');
const SCHEMA = join(import.meta.dirname, '../../../../../packages/db/src/schema');

interface ScopedTable {
  /** The Drizzle table's name and its SQL name. */
  variable: string;
  sql: string;
  /** The functions of modules/access whose call applies the table's rule. */
  conditions: string[];
  /** `file#function` of each query of the table without them, and why. */
  exceptions: Record<string, string>;
}

const SELLERS = 'reachedSellersCondition';

const SCOPED_TABLES: ScopedTable[] = [
  {
    variable: 'contacts',
    sql: 'contacts',
    conditions: ['scopeCondition', 'readableContactExists', 'reservedFor', SELLERS],
    exceptions: {
      'modules/admin/admin.repository.ts#countUserHoldings':
        "counts a user's assigned contacts for an admin's move between companies (a number, no contact)",
      'modules/admin/admin.repository.ts#countCompany':
        "counts the company's contacts for the admin's company view (a number, no contact)",
      'modules/actions-history/actions-history.repository.ts#findContactNames':
        'names the contacts of a history page whose ids visibleContactIds allowed (issue #44 item 2)',
      'modules/contacts/contact-geocoding.repository.ts#findContactsToGeocode':
        "the contact map's geocoding job reads addresses to look up (system code, no user is asking)",
      'modules/contacts/contact-geocoding.repository.ts#saveGeocode':
        "the contact map's geocoding job stores the coordinates it found (system code)",
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
      'modules/inbox/reservation.repository.ts#reserveContact':
        "reserves an unassigned contact for the caller ('Inbox' is every agent's)",
      'modules/inbox/reservation.repository.ts#releaseContact':
        "releases the caller's own reservation",
      'modules/inbox/unread.repository.ts#setUnreadMark':
        'changes the unread mark of a contact visibleContact allowed, only when the caller holds it',
      'modules/inbox/unread.repository.ts#countUnreadByHolder':
        'counts the unread conversations of the caller and of the shared portfolios they are a member of (numbers, no contact)',
      'modules/timeline/last-message.ts#reopenedLine':
        "a customer's message reopens its archived contact (system code, the contact found by the sender)",
      'modules/timeline/last-message.ts#lastMessageAlongside':
        'writes the last message preview of a contact the writing service already checked',
      'modules/shared-inboxes/shared-inboxes.repository.ts#ownerContacts':
        "counts a shared portfolio's contacts for its management screen (no contact is returned)",
      'modules/channels/channel-numbers.repository.ts#findContactByPhones':
        "an inbound message finds its contact by any form of the sender's number (system code: the sender decides, no user is asking)",
      'modules/channels/inbound-writer.ts#lockSenderAndClaim':
        "an inbound message reads its sender's contact under the sender's lock (system code: the sender decides, no user is asking)",
      'modules/channels/inbound-writer.ts#recordInboundItem':
        "an inbound message touches its contact's last interaction and answer wait (system code, the contact found by the sender)",
      'modules/channels/channel-inbound.repository.ts#findContactByEmail':
        'a lead form without a known number finds its contact by the e-mail it gave (system code)',
      'modules/channels/channel-inbound.repository.ts#findContactByScopedId':
        'an inbound Messenger or Instagram message finds its contact by the page-scoped id (system code)',
      'modules/channels/channel-inbound.repository.ts#findByProviderMessageId':
        "a provider's delivery receipt finds the message it reports on (system code)",
      'modules/channels/channel-delivery.repository.ts#findMessageContact':
        'the outbox job reads the recipient of a message a user was allowed to send',
      'modules/email/email.repository.ts#findItemContact':
        "the e-mail jobs (outbox, sync) announce a change of an item already on the contact's timeline to whoever sees it",
      'modules/email/email.repository.ts#emptyEmailPreview':
        "keeping a thread out of the CRM empties the inbox preview its mail made, on the timelines of the mails the owner's mailbox brought (checked by the caller: the item's mailbox is theirs)",
      'modules/channels/sandbox.repository.ts#findContactsWithPhone':
        "the demo seed picks a demo seller's contacts for the 'Canal de prueba' conversations (no user is asking)",
      'modules/channels/channel-delivery.repository.ts#lockChannelItem':
        "the media job stores a customer's file on the item it came with (system code)",
      'modules/channels/channel-inbound.repository.ts#findOutboundUpTo':
        "a provider's read or delivery watermark moves the channel's messages to the person it names (no user is asking)",
      'modules/phone/phone.repository.ts#markMissedCallUnread':
        "a missed call makes its contact's conversation unread (system code: the provider's webhook, the contact found by the number)",
      'modules/request-sales/request-backoffice.repository.ts#findContactNames':
        "names the contacts of the request sales the back office's scope allowed (a request shared with the caller may be on someone else's contact)",
      'modules/campaigns/campaigns.repository.ts#segmentPage':
        "a campaign's job writes its recipients from the segment the campaign's author chose (system code, issue #42 item 2)",
      'modules/campaigns/campaign-sender.ts#contactForSend':
        "a campaign's job reads the recipient it sends to (system code)",
      'modules/forms/forms.repository.ts#findLinkByToken':
        "the public form page reads its link by the secret token it was sent with, and only the contact's seller id, to write the answers as them (no user is asking; issue #42 item 3)",
      'modules/nps/nps-statistics.service.ts#listSurveys':
        "names the contacts of the NPS answers whose sellers userInReach lets the reader see (the figures' drill-down, readNpsFigures)",
      'modules/metrics/metrics.repository.ts#touchContactWait':
        'marks the last interaction and the answer wait of a contact the writing service already checked',
    },
  },
  {
    variable: 'receipts',
    sql: 'receipts',
    conditions: ['receiptCondition', SELLERS],
    exceptions: {
      'modules/receipts/receipts.repository.ts#withSeller':
        'the select every read of one receipt starts from; findReceipt composes receiptCondition on it',
      'modules/receipts/receipts.repository.ts#updateReceipt':
        'writes a receipt by id that visibleReceipt allowed first (in the same transaction, locked)',
    },
  },
  {
    variable: 'requestSales',
    sql: 'request_sales',
    conditions: ['requestCondition'],
    exceptions: {
      'modules/admin/admin.repository.ts#countUserHoldings':
        "counts a user's requests for an admin's move between companies (a number, no request)",
      'modules/request-sales/request-sales.repository.ts#withNames':
        'the select every read starts from; findRequest and findRequests compose requestCondition, the contact panel reads after visibleContact',
      'modules/request-sales/request-sales.repository.ts#updateRequest':
        'writes a request by id that visibleRequest allowed first (requireRequest, locked)',
      'modules/request-sales/request-sales.repository.ts#deleteRequest':
        'deletes a request by id that visibleRequest allowed first (requireRequest, locked)',
    },
  },
  { variable: 'goals', sql: 'goals', conditions: [SELLERS], exceptions: {} },
  {
    variable: 'metricRollups',
    sql: 'metric_rollups',
    conditions: [SELLERS],
    exceptions: {
      'modules/metrics/metrics.repository.ts#findUserTotals':
        "an admin's recount of one user's figures (regenerateTracings, 01 §7): system code, no reader",
    },
  },
  {
    variable: 'trainingItems',
    sql: 'training_items',
    conditions: ['trainingItemCondition'],
    exceptions: {
      'modules/training/training-classes.repository.ts#itemsFrom':
        'the select every read starts from; findItem and findItems compose trainingItemCondition',
      'modules/training/training-classes.repository.ts#updateItem':
        'the coach edits a class or tutorial (a manager sees every one: the condition is none)',
      'modules/training/training-classes.repository.ts#deleteItem':
        'the coach deletes a class or tutorial (a manager sees every one: the condition is none)',
    },
  },
  {
    variable: 'coachPosts',
    sql: 'coach_posts',
    conditions: ['coachPostCondition'],
    exceptions: {
      'modules/training/training-posts.repository.ts#findPostAudience':
        "reads a post's audience for its live events, after visiblePost or a manager's check",
      'modules/training/training-posts.repository.ts#updatePost':
        'the coach edits a post (a manager sees every one: the condition is none)',
      'modules/training/training-posts.repository.ts#deletePost':
        'the coach deletes a post (a manager sees every one: the condition is none)',
    },
  },
  {
    variable: 'coachComments',
    sql: 'coach_comments',
    conditions: ['coachCommentCondition'],
    exceptions: {
      'modules/training/training-comments.repository.ts#commentRows':
        'the select every read of comments starts from; findComments and findCommentRow compose coachCommentCondition',
      'modules/training/training-comments.repository.ts#findComment':
        'reads a comment by id to check it: its post through visiblePost, then its author or a manager',
      'modules/training/training-comments.repository.ts#deleteComment':
        'deletes a comment its author or a manager may delete, checked first',
      'modules/training/training-comments.repository.ts#setCommentVisible':
        'a manager hides or shows a comment (a manager reads every one)',
    },
  },
];

/** Tables whose columns name a seller, agent, creator or audience but are not scoped, and why. */
const UNSCOPED_TABLES: Record<string, string> = {
  npsSurveys:
    "NPS surveys (issue #42 item 1): seller_id names the contact's seller when it was sent. The bubble reads a survey by the message of a contact access/contacts.ts allowed; the figures and answers read them through userInReach on seller_id (reach.ts), the metrics' rule; the event reader and the send are system code",
  interactions:
    "a contact's timeline: its rows are read per contact after access/contacts.ts allowed it (readContact, readableContactExists); agent_id names who wrote an item, not whose record it is. The actions history reads them by their writers, the users access/users.ts says the caller reaches, and names only contacts visibleContactIds allows",
  notificationShipments:
    "a platform admin's shipment (issue #41): group_ids is its audience, read by admins only (the administer capability) and by the delivery job, which gives each reached user a notification of their own; users read only their own notifications (by tenant and user id)",
};

/** A column that says whose record a row is (or who its audience is). */
const OWNER_COLUMN = /\b\w+:\s*uuid\('(?:seller_id|agent_id|creator_id|group_ids)'\)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The source with its comments blanked (same length, so offsets still point at the code). */
function withoutComments(source: string) {
  return source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (comment) =>
    comment.replace(/[^\n]/g, ' '),
  );
}

function touches(table: ScopedTable) {
  const { variable: v, sql } = table;
  return new RegExp(
    `\\.from\\(${v}\\)|[jJ]oin\\(\\s*${v}\\b|\\.update\\(${v}\\)|\\.delete\\(${v}\\)|\\b(?:from|join|update)\\s+\\$\\{${v}\\}|\\b(?:from|join|update)\\s+${sql}\\b`,
    'g',
  );
}

const files = sourceFiles(SOURCE).map((path) => ({
  path,
  source: withoutComments(readFileSync(path, 'utf8')),
}));

/**
 * Every top-level function or constant that queries the table, and whether it applies its rule:
 * it calls one of the table's conditions, or a function of its own file that does (a file's
 * shared where-clause, like receipts' filterConditions).
 */
function queriesOf(table: ScopedTable) {
  const found = new Map<string, boolean>();
  for (const { path, source } of files) {
    const declarations = [
      ...source.matchAll(/^(?:export )?(?:async )?(?:function\*? (\w+)|const (\w+)\s*=)/gm),
    ].map((match, index, all) => ({
      name: match[1] ?? match[2]!,
      at: match.index,
      body: source.slice(match.index, all[index + 1]?.index),
    }));
    const applying = new Set<string>();
    for (let grew = true; grew;) {
      const calls = new RegExp(`\\b(?:${[...table.conditions, ...applying].join('|')})\\(`);
      grew = false;
      for (const declaration of declarations) {
        if (!applying.has(declaration.name) && calls.test(declaration.body)) {
          applying.add(declaration.name);
          grew = true;
        }
      }
    }
    for (const match of source.matchAll(touches(table))) {
      const declaration = declarations.findLast((each) => each.at < match.index);
      const key = `${relative(SOURCE, path)}#${declaration?.name ?? '(top level)'}`;
      const applies = !!declaration && applying.has(declaration.name);
      found.set(key, (found.get(key) ?? true) && applies);
    }
  }
  return found;
}

/** The schema's tables with a column naming whose record a row is. */
function ownedTables() {
  const owned: string[] = [];
  for (const name of readdirSync(SCHEMA).filter((file) => file.endsWith('.ts'))) {
    const source = readFileSync(join(SCHEMA, name), 'utf8');
    const tables = [...source.matchAll(/^export const (\w+) = pgTable\(/gm)];
    tables.forEach((match, index) => {
      const body = source.slice(match.index, tables[index + 1]?.index);
      if (OWNER_COLUMN.test(body)) owned.push(match[1]!);
    });
  }
  return owned;
}

describe('acceso a registros en un solo lugar', () => {
  it('encuentra las consultas de cada tabla con alcance', () => {
    const contacts = queriesOf(SCOPED_TABLES[0]!);
    expect(contacts.size).toBeGreaterThan(15);
    expect(contacts.get('modules/contacts/contacts.repository.ts#findContactsPage')).toBe(true);
    // The inbox's tabs, filters and search narrow the caller's scope (issue #33 item 3).
    expect(contacts.get('modules/inbox/inbox.repository.ts#pageQuery')).toBe(true);
    for (const table of SCOPED_TABLES)
      expect(queriesOf(table).size, table.variable).toBeGreaterThan(0);
  });

  it.each(SCOPED_TABLES.map((table) => [table.variable, table] as const))(
    'toda consulta de %s aplica la regla de su recurso o dice por qué no',
    (_name, table) => {
      const unchecked = [...queriesOf(table)]
        .filter(([key, applies]) => !applies && !(key in table.exceptions))
        .map(([key]) => key);
      expect(unchecked).toEqual([]);
    },
  );

  it('las listas de excepciones no guardan consultas que ya no existen o que ya aplican la regla', () => {
    const stale = SCOPED_TABLES.flatMap((table) => {
      const queries = queriesOf(table);
      return Object.keys(table.exceptions)
        .filter((key) => queries.get(key) !== false)
        .map((key) => `${table.variable}: ${key}`);
    });
    expect(stale).toEqual([]);
  });

  it('toda tabla que dice de quién es cada fila tiene alcance o dice por qué no', () => {
    const scoped = new Set(SCOPED_TABLES.map((table) => table.variable));
    const owned = ownedTables();
    expect(owned).toContain('receipts');
    expect(owned.filter((table) => !scoped.has(table) && !(table in UNSCOPED_TABLES))).toEqual([]);
  });
});
