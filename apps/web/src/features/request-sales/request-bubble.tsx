import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { ParsedContent } from '@cartera/domain/interactions';
import { statusColour } from '@cartera/domain/request-sales';
import { es, format } from '@cartera/domain/i18n';
import { useRequestSales } from './request-sales-context';

const t = es.requestSales.bubble;

type SaleUpdate = Extract<ParsedContent, { type: 'saleupdate' }>['content'];

function headline(content: SaleUpdate): string {
  switch (content.type) {
    case 'created':
      return t.created;
    case 'state-change':
      return format(t.stateChange, { status: content.state ?? '' });
    case 'comment':
      return t.comment;
    case 'updated':
      return t.updated;
  }
}

/**
 * A request sale item on the timeline (03 §2.1 sale-update items): what happened (created,
 * modified, a status change, a comment), the template's title, the status badge, and 'Ver
 * solicitud' opening the request in the editor when the page has one.
 */
export function RequestBubble({ content }: { content: SaleUpdate }) {
  const editor = useRequestSales();
  return (
    <Stack gap={4} data-testid="request-bubble">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {headline(content)}
        </Text>
        {content.statusType && content.state && (
          <Badge size="sm" variant="light" tt="none" color={statusColour(content.statusType)}>
            {content.state}
          </Badge>
        )}
      </Group>
      {content.title && (
        <Text size="sm" c="dimmed">
          {content.title}
        </Text>
      )}
      {content.comment && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {content.comment}
        </Text>
      )}
      {editor && (
        <Anchor
          component="button"
          size="sm"
          w="fit-content"
          onClick={() => editor.openRequest(content.requestsaleid)}
        >
          {t.open}
        </Anchor>
      )}
    </Stack>
  );
}
