import type { ClipboardEvent, KeyboardEvent, Ref } from 'react';
import { Textarea } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { es, format } from '@cartera/domain/i18n';
import layout from '../conversation.module.css';
import type { QuickReplies } from './quick-replies';
import type { Mode } from './starting-mode';

const c = es.conversation.composer;

/**
 * The composer's text box (03 §2.2, 02 §9): named and hinted by its mode. Enter sends;
 * Shift+Enter or Ctrl+Enter breaks the line; in '/' mode (03 §4) arrows move through the quick
 * replies, Enter applies the highlighted one and Escape leaves.
 */
export function ComposerTextBox({
  ref,
  current,
  channelName,
  value,
  onChange,
  setText,
  readOnly,
  replies,
  onApplyReply,
  onSubmit,
  onPaste,
}: {
  ref: Ref<HTMLTextAreaElement>;
  current: Mode;
  /** The channel of the channel mode, for the box's name. */
  channelName: string | null;
  value: string;
  /** The user typed. */
  onChange: (value: string) => void;
  /** The text set by the box itself (a line break added). */
  setText: (value: string) => void;
  readOnly: boolean;
  replies: QuickReplies;
  onApplyReply: (message: string) => void;
  onSubmit: () => void;
  onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => void;
}) {
  const viewport = useViewportSize();

  /** '/' mode keys (03 §4): arrows move, Enter applies the highlighted reply, Escape leaves. */
  const quickReplyKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      replies.move(event.key === 'ArrowDown' ? 1 : -1);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      replies.dismiss();
      return true;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      if (replies.highlighted) onApplyReply(replies.highlighted.message);
      return true;
    }
    return false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (replies.active && quickReplyKey(event)) return;
    if (event.key !== 'Enter') return;
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
    onSubmit();
  };

  const label =
    current === 'channel' && channelName !== null
      ? format(c.channelMessage, { channel: channelName })
      : current === 'note'
        ? c.note
        : c.feedback;

  return (
    <Textarea
      aria-label={label}
      placeholder={
        current === 'channel'
          ? c.channelPlaceholder
          : current === 'note'
            ? c.placeholder
            : c.feedbackPlaceholder
      }
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      readOnly={readOnly}
      ref={ref}
      // 02 §9: 110 px under a 600 px window, 150 up to 700; draggable up to the window
      // height minus 128 px.
      styles={{
        input: {
          height: inputHeight(viewport.height),
          resize: 'vertical',
          maxHeight: 'calc(100vh - 128px)',
        },
      }}
      style={{ flex: 1 }}
      className={layout.composerInput}
      data-testid="composer-input"
    />
  );
}

/** 02 §9: the text box's height by the window's (the browser's default rows above 700 px). */
function inputHeight(windowHeight: number) {
  if (windowHeight > 0 && windowHeight < 600) return 110;
  if (windowHeight >= 600 && windowHeight <= 700) return 150;
  return 96;
}
