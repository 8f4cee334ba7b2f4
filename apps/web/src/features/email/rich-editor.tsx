import { lazy, Suspense, useId } from 'react';
import { Input, Skeleton, VisuallyHidden } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import type { RichEditorBodyProps } from './rich-editor-body';

const RichEditorBody = lazy(() => import('./rich-editor-body'));

/** The toolbar's height, for the placeholder drawn while the editor loads. */
const TOOLBAR_PX = 44;

export interface RichEditorProps extends Pick<
  RichEditorBodyProps,
  'value' | 'onChange' | 'height' | 'disabled'
> {
  /** What the field is (its accessible name; shown above it unless `hideLabel`). */
  label: string;
  /** The label is read by screen readers only (a form whose layout already says it). */
  hideLabel?: boolean;
  error?: string | null | undefined;
}

/**
 * The one rich-text editor of the app (a mail's body, a mailbox's signature): bold, italic,
 * underline, strike, lists, link, clear formatting and font sizes of 8 to 72 px (03 §9), its
 * value HTML. tiptap comes in its own chunk when the first editor is drawn, a placeholder
 * meanwhile.
 */
export function RichEditor({ label, hideLabel = false, error, height, ...body }: RichEditorProps) {
  const labelId = useId();
  const errorId = useId();
  const placeholder = typeof height === 'number' ? height + TOOLBAR_PX : height;
  return (
    <Input.Wrapper
      label={hideLabel ? undefined : label}
      labelElement="div"
      labelProps={{ id: labelId }}
      error={error}
      errorProps={{ id: errorId }}
    >
      {hideLabel && <VisuallyHidden id={labelId}>{label}</VisuallyHidden>}
      <Suspense
        fallback={
          <Skeleton
            h={placeholder}
            radius="sm"
            aria-busy="true"
            aria-label={es.email.editor.loading}
          />
        }
      >
        <RichEditorBody
          {...body}
          height={height}
          labelId={labelId}
          errorId={error ? errorId : undefined}
        />
      </Suspense>
    </Input.Wrapper>
  );
}
