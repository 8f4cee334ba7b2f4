import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Loader, Popover } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { SmileIcon } from '../../../ui/icons';

const c = es.conversation.composer;
const ComposerEmojiPicker = lazy(() => import('./emoji-picker'));

/** 'Emojis' beside the text box (02 §9): picks stay open, so several can go in a row. */
export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon
          size={42}
          radius="xl"
          variant="default"
          aria-label={c.emoji}
          title={c.emoji}
          onClick={() => setOpened((open) => !open)}
        >
          <SmileIcon size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="emoji-picker">
        {opened && (
          <Suspense fallback={<Loader size="sm" m="md" aria-label={c.emojiLoading} />}>
            <ComposerEmojiPicker onPick={onPick} />
          </Suspense>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
