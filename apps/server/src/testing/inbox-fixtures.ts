import { newId } from '@cartera/domain/ids';
import { recordInboundItem } from '../modules/channels/inbound-writer';
import type { DemoApp } from './demo-app';

/** What the inbox tests share: the customer's side of a conversation. */
export function inboxFixtures(env: DemoApp) {
  return {
    /**
     * A customer's text message as the inbox worker writes it: the timeline item and the
     * contact's touch (unread count, last message) in one transaction.
     */
    async customerWrites(
      contact: { id: string; tenantId: string; agentId: string | null },
      text: string,
    ) {
      await env.database.handle.db.transaction((tx) =>
        recordInboundItem(tx, contact, {
          id: newId(),
          createdAt: new Date(),
          type: 'channelMessage',
          via: 'whatsapp_business',
          createdBySystem: false,
          status: null,
          content: { message: { text, type: 'text', media: null }, origin: 'contact' },
        }),
      );
    },
  };
}
