import {
  ZRequestField,
  ZRequestTemplateInput,
  type RequestField,
  type RequestFieldType,
  type RequestTemplateInput,
  type VisibilityCondition,
  type VisibilityRule,
} from '@cartera/domain/request-sales';

/*
 * The template editor's working copy and its checks. The draft has the shape the server stores
 * (ZRequestTemplateInput's output); what it says is checked by ZRequestTemplateInput itself, so
 * the editor shows the server's Spanish texts by field before anything is sent.
 */

export type TemplateDraft = RequestTemplateInput;

/** The one 'Prepagos' line field the editor offers (the line items carry only a code). */
export const LINE_CODE_FIELD: RequestField = ZRequestField.parse({ type: 'string', field: 'code' });

export function emptyDraft(): TemplateDraft {
  // Parsed with a title so the defaults fill in; the title starts empty.
  return { ...ZRequestTemplateInput.parse({ title: '-' }), title: '' };
}

/** A draft of a stored template (only the definition the editor changes). */
export function draftOf(template: TemplateDraft): TemplateDraft {
  return {
    title: template.title,
    roles: [...template.roles],
    body: template.body.map((field) => ({ ...field })),
    lineBody: template.lineBody.map((field) => ({ ...field })),
    allowedModificationStates: [...template.allowedModificationStates],
    allowAdvisorsToChangeStatus: template.allowAdvisorsToChangeStatus,
    statusOptions: template.statusOptions.map((option) => ({ ...option })),
    stateslistEnabledToChange: template.stateslistEnabledToChange.map((option) => ({
      ...option,
    })),
    isDefault: template.isDefault,
  };
}

/** A new field of a type, with a code not yet used in the body. */
export function newField(type: RequestFieldType, body: readonly RequestField[]): RequestField {
  const used = new Set(body.map((field) => field.field));
  let n = body.length + 1;
  while (used.has(`campo${n}`)) n += 1;
  return ZRequestField.parse({ type, field: `campo${n}` });
}

/** The Spanish errors of a draft by path ('title', 'body.2.field', 'statusOptions.0.title'). */
export function draftErrors(draft: TemplateDraft): Record<string, string> {
  const parsed = ZRequestTemplateInput.safeParse(draft);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Whether a field has an error of its own (anything under `body.<index>`). */
export function fieldHasError(errors: Record<string, string>, index: number) {
  const prefix = `body.${index}`;
  return Object.keys(errors).some((key) => key === prefix || key.startsWith(`${prefix}.`));
}

/** The fields the live preview can draw: those that parse on their own (the rest wait). */
export function previewBody(body: readonly RequestField[]): RequestField[] {
  const seen = new Set<string>();
  const fields: RequestField[] = [];
  for (const field of body) {
    const parsed = ZRequestField.safeParse(field);
    if (!parsed.success || seen.has(parsed.data.field)) continue;
    seen.add(parsed.data.field);
    fields.push(parsed.data);
  }
  return fields;
}

/**
 * A rule list as the editor shows it: its conditions, each with the operator that joins it to
 * the previous one (AND when none is written, as the rules read it; the first has none).
 */
export interface RuleRow {
  join: 'AND' | 'OR';
  condition: VisibilityCondition;
}

export function ruleRows(rules: readonly VisibilityRule[]): RuleRow[] {
  const rows: RuleRow[] = [];
  let join: 'AND' | 'OR' = 'AND';
  for (const rule of rules) {
    if ('conditionalOperator' in rule) join = rule.conditionalOperator;
    else {
      rows.push({ join, condition: rule });
      join = 'AND';
    }
  }
  return rows;
}

/** The stored rule list of the editor's rows: conditions with their joins between them. */
export function rulesOf(rows: readonly RuleRow[]): VisibilityRule[] {
  return rows.flatMap((row, index) =>
    index === 0 ? [row.condition] : [{ conditionalOperator: row.join }, row.condition],
  );
}

/** Moves an item of a list one place up (-1) or down (+1). */
export function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
