/**
 * The rich-text editor itself (tiptap under Mantine's RichTextEditor), with its styles: loaded
 * apart, by `RichEditor` (rich-editor.tsx), so no first screen downloads it (issue #35).
 */
import '@mantine/tiptap/styles.layer.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { NativeSelect } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { FontSize, TextStyle } from '@tiptap/extension-text-style';
import { useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { es } from '@cartera/domain/i18n';
import classes from './rich-editor.module.css';

const t = es.email.editor;

/** 03 §9: font sizes from 8 px to 72 px. */
export const FONT_SIZES = [8, 9, 10, 11, 12, 14, 16, 18, 20, 24, 28, 32, 36, 48, 60, 72] as const;

const SIZE_OPTIONS = [
  { value: '', label: t.defaultSize },
  ...FONT_SIZES.map((size) => ({ value: `${size}px`, label: String(size) })),
];

/** The toolbar's names in Spanish (Mantine's are English). */
const LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: t.bold,
  italicControlLabel: t.italic,
  underlineControlLabel: t.underline,
  strikeControlLabel: t.strike,
  bulletListControlLabel: t.bulletList,
  orderedListControlLabel: t.orderedList,
  linkControlLabel: t.link,
  unlinkControlLabel: t.unlink,
  clearFormattingControlLabel: t.clearFormatting,
  linkEditorInputLabel: t.linkUrl,
  linkEditorInputPlaceholder: t.linkPlaceholder,
  linkEditorExternalLink: t.linkNewTab,
  linkEditorInternalLink: t.linkSameTab,
  linkEditorSave: t.linkSave,
};

const EXTENSIONS = [
  StarterKit.configure({ link: false }),
  Link.configure({ openOnClick: false }),
  TextStyle,
  FontSize,
];

export interface RichEditorBodyProps {
  /** The id of the element naming the editor (its label). */
  labelId: string;
  /** The id of the error under it, when there is one. */
  errorId?: string | undefined;
  /** The text as HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  /** The writing area's height (03 §9: 500 px for a mail). */
  height: number | string;
  disabled?: boolean | undefined;
}

/** What the editor holds as the value the form keeps ('' when nothing is written). */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * Bold, italic, underline, strike, lists, link, clear formatting and the font size (03 §9) over
 * the text; the value goes in and out as HTML.
 */
export default function RichEditorBody({
  labelId,
  errorId,
  value,
  onChange,
  height,
  disabled = false,
}: RichEditorBodyProps) {
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  // The editor reads its options again when one changes: the first value only starts it.
  const [initial] = useState(value);
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(errorId ? { 'aria-describedby': errorId, 'aria-invalid': 'true' } : {}),
      },
    }),
    [labelId, errorId],
  );
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initial,
    editable: !disabled,
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: current }) => changed.current(htmlOf(current)),
  });

  // A value set from outside (a reply's start, the signature of another mailbox, a sent mail
  // cleared) replaces the text; the editor's own changes come back equal and change nothing.
  useEffect(() => {
    if (editor && value !== htmlOf(editor)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  const fontSize = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      (current?.getAttributes('textStyle').fontSize as string | undefined) ?? '',
  });

  return (
    <RichTextEditor editor={editor} labels={LABELS}>
      <RichTextEditor.Toolbar aria-label={t.toolbar} role="toolbar">
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <NativeSelect
          size="xs"
          w={84}
          aria-label={es.email.composer.fontSize}
          title={es.email.composer.fontSize}
          data={SIZE_OPTIONS}
          value={SIZE_OPTIONS.some((option) => option.value === fontSize) ? fontSize : ''}
          disabled={disabled}
          onChange={(event) => {
            const size = event.currentTarget.value;
            if (!editor) return;
            if (size) editor.chain().focus().setFontSize(size).run();
            else editor.chain().focus().unsetFontSize().run();
          }}
        />
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content className={classes.content} style={{ height }} />
    </RichTextEditor>
  );
}
