import { chatPartsOf, inboundReading } from '@cartera/domain/chat-parts';
import type { InboundEvent } from '../../providers/adapter';

type MessageEvent = Extract<InboundEvent, { kind: 'message' }>;

/**
 * The text, kind and parts of an inbound message as its timeline item stores them (issue #31):
 * a tapped button or list row reads as its title (its id kept in `choice`), a place as its name
 * and address (`location`), an order as its products (`order`), a provider's notice and a type
 * with no reading here as a Spanish line naming it. Never a bracketed provider token.
 */
export function inboundMessageFields(event: MessageEvent, contactsKind: string | null) {
  const parts = {
    ...(event.choice ? { choice: event.choice } : {}),
    ...(event.location ? { location: event.location } : {}),
    ...(event.order ? { order: event.order } : {}),
    ...(event.system ? { system: event.system } : {}),
    ...(event.story ? { story: event.story } : {}),
    ...(event.product ? { product: event.product } : {}),
    ...(event.unsupported ? { unsupported: event.unsupported } : {}),
  };
  const text = inboundReading(chatPartsOf(parts), event.text ?? '');
  const type =
    event.media?.kind ??
    contactsKind ??
    (event.location
      ? 'location'
      : event.order
        ? 'order'
        : event.system
          ? 'system'
          : event.unsupported
            ? 'unsupported'
            : 'text');
  return { text, type, ...parts };
}
