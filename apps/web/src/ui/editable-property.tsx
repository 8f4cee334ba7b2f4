import { useRef, useState, type ReactNode } from 'react';
import { Anchor, Box, Group, Loader, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import classes from './editable-property.module.css';

const t = es.contactEditor;

/**
 * A record's property edited in place (03 §4 Other 'Property editing'): its name above its value;
 * a click on the value edits it, Enter (without Shift) or clicking outside saves, Escape leaves
 * it, and an empty value restores the previous one. While saving the new value shows; when the
 * save fails the old value stays with 'Error al modificar el campo' and 'Volver a intentar.'
 * (03 §8), which sends the refused value again. Without `onSave` the value is only shown.
 */
export function EditableProperty({
  label,
  value,
  display,
  multiline = false,
  normalize = (text) => text,
  inputMode,
  onSave,
}: {
  label: string;
  /** The stored value as text ('' when empty). */
  value: string;
  /** How the value reads when not edited (defaults to the text, or '—' when empty). */
  display?: ReactNode;
  /** A long text: Shift+Enter adds a line. */
  multiline?: boolean;
  /** Applied to what is typed (a number field keeps its digits). */
  normalize?: (text: string) => string;
  inputMode?: 'numeric' | 'text' | 'email';
  onSave?: ((next: string) => Promise<unknown>) | undefined;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // Enter saves and the input then loses focus: one save, not two.
  const done = useRef(false);

  const save = async (next: string) => {
    setFailed(null);
    setSaving(next);
    try {
      await onSave?.(next);
    } catch {
      setFailed(next);
    } finally {
      setSaving(null);
    }
  };

  const finish = (keep: boolean) => {
    if (done.current) return;
    done.current = true;
    setEditing(false);
    const next = draft.trim();
    // An empty value restores the previous one; an unchanged one saves nothing.
    if (!keep || next === '' || next === value.trim()) return;
    void save(next);
  };

  const start = () => {
    done.current = false;
    setDraft(saving ?? value);
    setEditing(true);
  };

  const shown = saving ?? value;
  const common = {
    'aria-label': label,
    value: draft,
    autoFocus: true,
    size: 'xs' as const,
    onChange: (event: { currentTarget: { value: string } }) =>
      setDraft(normalize(event.currentTarget.value)),
    onBlur: () => finish(true),
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        finish(true);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        finish(false);
      }
    },
  };

  return (
    <Stack gap={2}>
      <Text size="xs" fw={600} c="dimmed">
        {label}
      </Text>
      {editing ? (
        multiline ? (
          <Textarea {...common} autosize minRows={2} maxRows={8} />
        ) : (
          <TextInput {...common} inputMode={inputMode} />
        )
      ) : onSave ? (
        <Box
          component="button"
          type="button"
          className={classes.value}
          onClick={start}
          aria-label={format(t.editLabel, { field: label })}
          title={t.editHint}
          data-testid="editable-property"
        >
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Box fz="sm" className={classes.text} style={{ flex: 1 }}>
              {saving !== null ? saving : (display ?? (shown || <Empty />))}
            </Box>
            {saving !== null && <Loader size={12} aria-label={t.saving} />}
          </Group>
        </Box>
      ) : (
        <Box fz="sm" className={classes.text}>
          {display ?? (value || <Empty />)}
        </Box>
      )}
      {failed !== null && !editing && (
        <Group gap={6} role="alert">
          <Text size="xs" c="red.8">
            {t.fieldChangeFailed}
          </Text>
          <Anchor component="button" type="button" size="xs" onClick={() => void save(failed)}>
            {t.retry}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}

function Empty() {
  return (
    <Text span size="sm" c="dimmed">
      {es.fields.emptyValue}
    </Text>
  );
}
