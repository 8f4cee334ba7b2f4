import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Button,
  Collapse,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  fieldLockedFor,
  fieldShownTo,
  fieldVisibility,
  requestSections,
  validateRequest,
  type RequestContent,
  type RequestLine,
  type RequestTemplateRules,
  type RequestViewer,
  type SaveMode,
} from '@cartera/domain/request-sales';
import { es } from '@cartera/domain/i18n';
import { PlusIcon, SelectorIcon, TrashIcon } from '../../../ui/icons';
import { FieldInput } from './field-input';

const t = es.requestSales;

/** What the form edits: the request's content (field code → value) and its 'Prepagos' codes. */
export interface RequestFormValue {
  content: RequestContent;
  lines: RequestLine[];
}

export type RequestFormTemplate = Pick<RequestTemplateRules, 'body' | 'lineBody'> & {
  /** A stored template's id (the `search` field's proxy needs it); absent in a live preview. */
  id?: string | null;
};

/**
 * Which errors show: 'touched' those of the fields the user changed (as they type), 'all' every
 * error of `mode` (after a save was tried), 'none' none (a preview).
 */
export type ErrorsVisibility = 'touched' | 'all' | 'none';

/**
 * A request template's body rendered for a content (02 §2 screen 10, §4, §5), with the rules of
 * the domain module: sections by divider (a 'closed' one collapsed until one of its fields has a
 * value), each field by its type, fields shown and hidden live by their visibility rules,
 * backoffice-only fields for commercial users only, fields locked by flow disabled, the
 * validation's Spanish texts under each field, and the 'Prepagos' codes when the template has
 * line items. Self-contained: the template editor's live preview uses it as it is.
 */
export function RequestForm({
  template,
  value,
  onChange,
  viewer,
  readOnly = false,
  errorsVisibility = 'touched',
  mode = 'draft',
  serverErrors,
  previous,
}: {
  template: RequestFormTemplate;
  value: RequestFormValue;
  onChange: (value: RequestFormValue) => void;
  viewer: RequestViewer;
  readOnly?: boolean;
  errorsVisibility?: ErrorsVisibility;
  /** Which save the errors are for ('send' adds the required ones). */
  mode?: SaveMode;
  /** Errors the server answered, by field code (shown whatever the visibility). */
  serverErrors?: Record<string, string>;
  /** The stored content, for the fields the user may not change. */
  previous?: RequestContent | null;
}) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const visibility = useMemo(
    () => fieldVisibility(template.body, value.content),
    [template.body, value.content],
  );
  const verdict = useMemo(
    () => validateRequest(template, value, viewer, mode, previous),
    [template, value, viewer, mode, previous],
  );
  const sections = useMemo(
    () => requestSections(template.body, value.content),
    // Sections open by the content they start with; later typing does not fold them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [template.body],
  );
  const [open, setOpen] = useState<Record<number, boolean>>({});

  const errorOf = (code: string) => {
    if (serverErrors?.[code]) return serverErrors[code]!;
    if (errorsVisibility === 'none') return null;
    if (errorsVisibility === 'touched' && !touched.has(code)) return null;
    return verdict.fieldErrors[code] ?? null;
  };

  const change = (code: string, next: unknown) => {
    setTouched((before) => (before.has(code) ? before : new Set(before).add(code)));
    onChange({ ...value, content: { ...value.content, [code]: next } });
  };

  const shown = (code: string) => visibility.get(code) === true;

  if (template.body.length === 0 && template.lineBody.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t.emptyTemplate}
      </Text>
    );

  return (
    <Stack gap="md" data-testid="request-form">
      {sections.map((section, index) => {
        const fields = section.fields.filter(
          (field) => shown(field.field) && fieldShownTo(field, viewer),
        );
        if (section.divider && !shown(section.divider.field)) return null;
        if (fields.length === 0 && !section.divider) return null;
        const isOpen = open[index] ?? section.openInitially;
        const body = (
          <Stack gap="sm">
            {fields.map((field) => (
              <FieldInput
                key={field.field}
                field={field}
                value={value.content[field.field]}
                onChange={(next) => change(field.field, next)}
                viewer={viewer}
                disabled={readOnly || fieldLockedFor(field, viewer)}
                error={errorOf(field.field)}
                templateId={template.id ?? null}
              />
            ))}
          </Stack>
        );
        if (!section.divider) return <div key={`section-${index}`}>{body}</div>;
        return (
          <Paper key={section.divider.field} withBorder radius="md" p="sm">
            <UnstyledButton
              w="100%"
              onClick={() => setOpen((before) => ({ ...before, [index]: !isOpen }))}
              aria-expanded={isOpen}
            >
              <Group justify="space-between" wrap="nowrap">
                <Title order={3} fz="md">
                  {section.title}
                </Title>
                <SelectorIcon size={16} />
              </Group>
            </UnstyledButton>
            <Collapse expanded={isOpen}>
              <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>{body}</div>
            </Collapse>
          </Paper>
        );
      })}
      {template.lineBody.length > 0 && (
        <Lines
          lines={value.lines}
          onChange={(lines) => onChange({ ...value, lines })}
          readOnly={readOnly}
          errors={errorsVisibility === 'none' ? {} : verdict.lineErrors}
          listError={errorsVisibility === 'all' ? verdict.linesError : null}
        />
      )}
    </Stack>
  );
}

/** 'Prepagos': one code a line; a line can be added, and removed but the first. */
function Lines({
  lines,
  onChange,
  readOnly,
  errors,
  listError,
}: {
  lines: RequestLine[];
  onChange: (lines: RequestLine[]) => void;
  readOnly: boolean;
  errors: Record<number, string>;
  listError: string | null;
}) {
  // The first line is always there to be filled.
  const shown = lines.length > 0 ? lines : [{ code: '' }];
  const set = (index: number, code: string) =>
    onChange(shown.map((line, each) => (each === index ? { ...line, code } : line)));
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs" data-testid="request-lines">
        <Title order={3} fz="md">
          {t.lines}
        </Title>
        {shown.map((line, index) => (
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              aria-label={`${t.lineCode} ${index + 1}`}
              placeholder={t.lineCode}
              value={line.code}
              disabled={readOnly}
              error={lines.length > 0 ? errors[index] : undefined}
              onChange={(event) => set(index, event.currentTarget.value)}
            />
            {index > 0 && !readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={t.removeLine}
                onClick={() => onChange(shown.filter((_, each) => each !== index))}
              >
                <TrashIcon size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {listError && (
          <Text size="xs" c="red">
            {listError}
          </Text>
        )}
        {!readOnly && (
          <Button
            variant="subtle"
            size="xs"
            w="fit-content"
            leftSection={<PlusIcon size={14} />}
            onClick={() => onChange([...shown, { code: '' }])}
          >
            {t.addLine}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
