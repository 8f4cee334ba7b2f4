import { Anchor, Stack, Text } from '@mantine/core';
import {
  mapUrlOf,
  orderAmount,
  orderLines,
  orderTotal,
  systemNotice,
  unsupportedNotice,
  type ChatChoice,
  type ChatLocation,
  type ChatOrder,
  type ChatStory,
} from '@cartera/domain/chat-parts';
import { es, format } from '@cartera/domain/i18n';
import type { ChatMessage } from '@cartera/domain/interactions';
import { OPENABLE } from './message-parts';

const t = es.conversation.timeline.chat.parts;

/**
 * What a customer sent beyond text and files (issue #31), drawn in the bubble: a place with a
 * map link, an order with its products, the button or row tapped, a provider's notice, an
 * Instagram story. `ownText` says whether the bubble still shows the message's text after it
 * (a choice and a story reply keep it; a place, an order and a notice are read here whole).
 */
export function InboundParts({ message }: { message: ChatMessage }) {
  const parts = message.parts;
  if (parts.location) return <LocationPart location={parts.location} />;
  if (parts.order) return <OrderPart order={parts.order} />;
  if (parts.system) return <Notice text={systemNotice(parts.system)} />;
  if (parts.unsupported) return <Notice text={unsupportedNotice(parts.unsupported)} />;
  if (parts.choice) return <ChoicePart choice={parts.choice} />;
  if (parts.story) return <StoryPart story={parts.story} />;
  if (parts.product) {
    return (
      <Text size="xs" fw={600} c="dimmed" data-testid="chat-product">
        {format(t.productInquiry, { product: parts.product.productId })}
      </Text>
    );
  }
  return null;
}

/** The text the bubble shows under the parts: none when the part already reads it all. */
export function textAfterParts(message: ChatMessage): string {
  const parts = message.parts;
  if (parts.location || parts.order || parts.system || parts.unsupported) return '';
  if (parts.story) {
    const label = parts.story.kind === 'mention' ? t.storyMention : t.storyReply;
    return message.text.startsWith(label) ? message.text.slice(label.length).trim() : message.text;
  }
  if (parts.product) {
    const label = format(t.productInquiry, { product: parts.product.productId });
    return message.text.startsWith(label) ? message.text.slice(label.length).trim() : message.text;
  }
  return message.text;
}

function LocationPart({ location }: { location: ChatLocation }) {
  return (
    <Stack gap={2} data-testid="chat-location">
      <Text size="xs" fw={600} tt="uppercase" c="dimmed">
        {t.location}
      </Text>
      {location.name && (
        <Text size="sm" fw={600}>
          {location.name}
        </Text>
      )}
      {location.address && <Text size="sm">{location.address}</Text>}
      <Anchor href={mapUrlOf(location)} target="_blank" rel="noreferrer" size="sm">
        {t.openMap}
      </Anchor>
    </Stack>
  );
}

function OrderPart({ order }: { order: ChatOrder }) {
  const total = orderTotal(order);
  return (
    <Stack gap={2} data-testid="chat-order">
      <Text size="sm" fw={600}>
        {format(t.orderTitle, { n: String(order.items.length) })}
      </Text>
      {orderLines(order).map((line, index) => (
        <Text size="sm" key={index}>
          {line}
        </Text>
      ))}
      {total && (
        <Text size="sm" fw={600}>
          {format(t.orderTotal, { total: orderAmount(total.amount, total.currency) })}
        </Text>
      )}
      {order.note && (
        <Text size="sm" c="dimmed">
          {order.note}
        </Text>
      )}
    </Stack>
  );
}

/** Above the title the customer tapped: how they answered; the button's id on hover. */
function ChoicePart({ choice }: { choice: ChatChoice }) {
  return (
    <Text
      size="xs"
      fw={600}
      c="dimmed"
      title={choice.id ? format(t.choiceId, { id: choice.id }) : undefined}
      data-testid="chat-choice"
      data-choice-id={choice.id ?? undefined}
    >
      {t.choice[choice.kind] ?? t.choice.button_reply}
      {choice.description ? ` · ${choice.description}` : ''}
    </Text>
  );
}

function StoryPart({ story }: { story: ChatStory }) {
  const url = story.url && OPENABLE.test(story.url) ? story.url : null;
  return (
    <Text size="xs" fw={600} c="dimmed" data-testid="chat-story">
      {story.kind === 'mention' ? t.storyMention : t.storyReply}
      {url && (
        <>
          {' · '}
          <Anchor href={url} target="_blank" rel="noreferrer" size="xs">
            {t.storyOpen}
          </Anchor>
        </>
      )}
    </Text>
  );
}

function Notice({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" fs="italic" data-testid="chat-notice">
      {text}
    </Text>
  );
}
