import { and, eq, sql } from 'drizzle-orm';
import { contacts } from '@cartera/db/schema';
import type { DemoApp } from './demo-app';

/** What the request sales tests share: demo contacts and the seed's templates. */
export function requestSalesFixtures(env: DemoApp) {
  return {
    /** A demo seller's contact with a phone, `index` down their list (the seed's requests are further down). */
    async contactOf(email: string, index = 0) {
      const seller = env.demo.users[email]!;
      const rows = await env.database.handle.db
        .select()
        .from(contacts)
        .where(
          and(
            eq(contacts.tenantId, seller.tenantId),
            eq(contacts.agentId, seller.id),
            sql`cardinality(${contacts.phones}) > 0`,
          ),
        )
        .orderBy(contacts.createdAt, contacts.id)
        .limit(index + 1);
      return rows[index]!;
    },
    /** The id of a template of the demo company, by title. */
    async templateId(title: string) {
      const list = await env.call('comercial@demo.test', 'requestSale.templates', {});
      return list.data!.find((template) => template.title === title)!.id;
    },
  };
}
