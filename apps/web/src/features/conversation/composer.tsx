import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Group, Paper, Text, Textarea } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { SendIcon } from './icons';

const c = es.conversation.composer;

/**
 * The composer under the timeline (03 §2.2, §5), in note mode: the channel modes arrive with the
 * channels. Enter sends; Shift+Enter or Ctrl+Enter breaks the line; nothing to send, no button.
 */
export function Composer({ onSend }: { onSend: (body: string) => void }) {
  const [text, setText] = useState('');
  const empty = text.trim() === '';

  const submit = () => {
    if (empty) return;
    onSend(text.trim());
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.ctrlKey || event.metaKey) {
      // Browsers insert nothing for Ctrl+Enter in a textarea: add the line break ourselves.
      event.preventDefault();
      const field = event.currentTarget;
      field.setRangeText('\n', field.selectionStart, field.selectionEnd, 'end');
      setText(field.value);
      return;
    }
    if (event.shiftKey || event.altKey) return;
    event.preventDefault();
    submit();
  };

  return (
    <Paper withBorder radius={0} p="sm" style={{ borderLeft: 0, borderRight: 0, borderBottom: 0 }}>
      <Group gap={6} mb={6}>
        <Text size="xs" fw={700} c="yellow.8" tt="uppercase" id="composer-mode">
          {c.note}
        </Text>
      </Group>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          aria-labelledby="composer-mode"
          placeholder={c.placeholder}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          autosize
          minRows={2}
          maxRows={8}
          style={{ flex: 1 }}
          data-testid="composer-input"
        />
        <ActionIcon
          size={42}
          radius="xl"
          aria-label={c.send}
          title={c.send}
          disabled={empty}
          onClick={submit}
        >
          <SendIcon size={20} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
