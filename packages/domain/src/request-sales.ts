import { z } from 'zod';
import { can } from './policy';
import { ROLES, type Role } from './roles';
import { NEW_CLIENT_TEXTS, REQUEST_TEXTS } from './i18n/request-sales-texts.es';

export { NEW_CLIENT_TEXTS, REQUEST_TEXTS };

/*
 * Request sales, 'Solicitudes' (01 §3 Request sale, §4; 02 §3 Request, Request template,
 * Template field, Uploaded file, New client, Share permissions; §4 status colours and the
 * editor; §5 editor validation; §6 permissions; §9 constants). One implementation of the
 * template rules for the web's editor and the server's `requestSale` router: the visibility of
 * a field, the options a user may pick, the validation of a request and what a user may do with
 * it. The server runs the same functions on every save. Decisions where the specification is
 * silent are in docs/decisions.md "Request sales 'Solicitudes'".
 */

// ---------------------------------------------------------------------------------------------
// Constants (02 §9, §4).

/** 02 §5, §9: a file of a request is under 50 MB. */
export const REQUEST_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** The longest text a field without its own maxLength takes (ours: the spec gives none). */
export const REQUEST_TEXT_MAX_LENGTH = 10_000;
/** 02 §9: comments page size. */
export const REQUEST_COMMENTS_PAGE_SIZE = 5;
/** 02 §2 screen 3: the contact's panel shows the first three requests. */
export const REQUEST_PANEL_FIRST = 3;
/** 02 §9: multiline text collapsed to 6 rows. */
export const REQUEST_MULTILINE_ROWS = 6;
/** 02 §9 debounces: the `search` field 400 ms, the phone lookup 500 ms. */
export const REQUEST_SEARCH_DEBOUNCE_MS = 400;
export const REQUEST_PHONE_LOOKUP_DEBOUNCE_MS = 500;
/** 02 §3 New client: the origin a client made inside a request gets. */
export const REQUEST_CLIENT_ORIGIN = 'solicitud';
/** Back office list page size (ours, like the sales list's 100 of 01 §9). */
export const REQUEST_SALES_PAGE_SIZE = 50;

// ---------------------------------------------------------------------------------------------
// Field types and templates (02 §3 Template field, Request template).

export const REQUEST_FIELD_TYPES = [
  'string',
  'number',
  'select',
  'selectmultiple',
  'multiselectarray',
  'date',
  'datetime',
  'image',
  'multiplefile',
  'search',
  'autoincrementid',
  'divider',
] as const;
export type RequestFieldType = (typeof REQUEST_FIELD_TYPES)[number];

/** Field types whose value is a list. */
const LIST_TYPES: ReadonlySet<RequestFieldType> = new Set([
  'selectmultiple',
  'multiselectarray',
  'multiplefile',
]);
/** Field types whose value is one or more uploaded files. */
const FILE_TYPES: ReadonlySet<RequestFieldType> = new Set(['image', 'multiplefile']);

export const VISIBILITY_OPERATORS = ['equal', 'notEqual', 'in'] as const;
export type VisibilityOperator = (typeof VISIBILITY_OPERATORS)[number];

/** A field's code: what the content is keyed by. */
const ZFieldCode = z
  .string()
  .trim()
  .min(1, { error: 'El código del campo es obligatorio' })
  .max(60, { error: 'El código del campo no puede tener más de 60 caracteres' })
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, {
    error: 'El código solo admite letras, números y guion bajo, y empieza con una letra',
  });

/** 02 §3: a rule item is a condition or a joining operator. */
export const ZVisibilityCondition = z.object({
  field: ZFieldCode,
  operator: z.enum(VISIBILITY_OPERATORS),
  /** `in` compares with a list; `equal` and `notEqual` with one value. */
  value: z.union([z.string(), z.array(z.string())]),
});
export const ZVisibilityJoin = z.object({ conditionalOperator: z.enum(['AND', 'OR']) });
export const ZVisibilityRule = z.union([ZVisibilityCondition, ZVisibilityJoin]);
export type VisibilityCondition = z.infer<typeof ZVisibilityCondition>;
export type VisibilityRule = z.infer<typeof ZVisibilityRule>;

/**
 * 02 §3 option: `userFieldFilter` names an additional-data field of the user and the values for
 * which the option is offered (ours: the spec names the filter, not its shape).
 */
export const ZFieldOption = z.object({
  key: z.string().trim().min(1, { error: 'La clave de la opción es obligatoria' }).max(100),
  title: z.string().trim().min(1, { error: 'El título de la opción es obligatorio' }).max(200),
  userFieldFilter: z
    .object({ field: z.string().trim().min(1), values: z.array(z.string()) })
    .nullish(),
});
export type FieldOption = z.infer<typeof ZFieldOption>;

export const ZRequestField = z.object({
  type: z.enum(REQUEST_FIELD_TYPES),
  field: ZFieldCode,
  title: z.string().trim().max(200).default(''),
  required: z.boolean().default(false),
  active: z.boolean().default(true),
  default: z.union([z.string(), z.number(), z.array(z.string())]).nullish(),
  minLength: z.number().int().min(0).max(100_000).nullish(),
  maxLength: z.number().int().min(0).max(100_000).nullish(),
  regex: z
    .string()
    .max(500)
    .nullish()
    .refine((source) => !source || compiles(source), {
      error: 'La expresión regular no es válida',
    })
    .refine((source) => !source || !compiles(source) || safePattern(source), {
      error: 'La expresión regular es demasiado compleja',
    }),
  options: z.array(ZFieldOption).default([]),
  /** A string field that suggests earlier answers (02 §3; the web offers them). */
  autocompletable: z.boolean().default(false),
  /** Only commercial users see and fill it (02 §6 editBackoffice). */
  editBackoffice: z.boolean().default(false),
  /** The flows (a user's config.useFlow) that may fill it; empty: every user (02 §6). */
  flow: z.array(z.string()).default([]),
  visibilityRules: z.array(ZVisibilityRule).default([]),
  /** 'show' (default): shown when the rules hold; 'hide': hidden when they hold (ours). */
  visibilityRuleType: z.enum(['show', 'hide']).default('show'),
  /** Dividers start a section: 'open', or 'closed' until one of its fields has a value. */
  closeMode: z.enum(['open', 'closed']).default('open'),
  /** A `search` field's address (GET with `search`); fetched by the server's outbound guard. */
  endpointUrl: z.string().trim().max(2000).nullish(),
});
export type RequestField = z.infer<typeof ZRequestField>;
export type RequestFieldInput = z.input<typeof ZRequestField>;

export const ZStatusOption = z.object({
  status: ZFieldCode,
  title: z.string().trim().min(1, { error: 'El nombre del estado es obligatorio' }).max(100),
});
export type StatusOption = z.infer<typeof ZStatusOption>;

/**
 * Whether a company's pattern runs in time linear-ish in its input: the server tests every save
 * with it, and JavaScript's backtracking engine has no time limit. Refused: a repeated group that
 * itself holds a repetition or an alternation (`(a+)+`, `(a|aa)*`, the shapes of catastrophic
 * backtracking) and back-references. Ordinary form patterns (`^\d{8}$`, `^[A-Z]{3}-\d+$`,
 * `^(09|2)\d{6,7}$`) pass.
 */
export function safePattern(source: string) {
  if (/\\[1-9]|\\k</.test(source)) return false;
  // One entry per open group: whether it holds a repetition or an alternation.
  const groups: { risky: boolean }[] = [{ risky: false }];
  let inClass = false;
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (char === '\\') {
      index++;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    const repeated = /^(?:[*+]|\{\d+,\d*\})/.test(source.slice(index));
    if (char === '[') inClass = true;
    else if (char === '(') groups.push({ risky: false });
    else if (char === '|') groups[groups.length - 1]!.risky = true;
    else if (repeated) groups[groups.length - 1]!.risky = true;
    else if (char === ')' && groups.length > 1) {
      const closed = groups.pop()!;
      const after = source.slice(index + 1);
      if (closed.risky && /^(?:[*+]|\{\d+,\d*\})/.test(after)) return false;
      if (closed.risky) groups[groups.length - 1]!.risky = true;
    }
  }
  return true;
}

function compiles(source: string) {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

export const ZRequestTemplateInput = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { error: 'El título de la plantilla es obligatorio' })
      .max(100, { error: 'El título no puede tener más de 100 caracteres' }),
    /** Who may interact with it; empty: every role (02 §6). */
    roles: z.array(z.enum(ROLES)).default([]),
    body: z.array(ZRequestField).default([]),
    /** The 'Prepagos' line items: the fields of one line (ours: only their `code`). */
    lineBody: z.array(ZRequestField).default([]),
    allowedModificationStates: z.array(z.string()).default([]),
    allowAdvisorsToChangeStatus: z.boolean().default(false),
    statusOptions: z.array(ZStatusOption).default([]),
    stateslistEnabledToChange: z.array(ZStatusOption).default([]),
    isDefault: z.boolean().default(false),
  })
  .superRefine((template, ctx) => {
    const seen = new Set<string>();
    template.body.forEach((field, index) => {
      if (seen.has(field.field))
        ctx.addIssue({
          code: 'custom',
          path: ['body', index, 'field'],
          message: `El código '${field.field}' está repetido`,
        });
      seen.add(field.field);
      if (field.maxLength && field.minLength && field.minLength > field.maxLength)
        ctx.addIssue({
          code: 'custom',
          path: ['body', index, 'minLength'],
          message: 'El mínimo no puede superar al máximo',
        });
    });
    const statuses = new Set<string>();
    template.statusOptions.forEach((option, index) => {
      if (statuses.has(option.status))
        ctx.addIssue({
          code: 'custom',
          path: ['statusOptions', index, 'status'],
          message: `El estado '${option.status}' está repetido`,
        });
      statuses.add(option.status);
    });
  });
export type RequestTemplateInput = z.output<typeof ZRequestTemplateInput>;

/** What the rules read of a template. */
export type RequestTemplateRules = Pick<
  RequestTemplateInput,
  | 'roles'
  | 'body'
  | 'lineBody'
  | 'allowedModificationStates'
  | 'allowAdvisorsToChangeStatus'
  | 'statusOptions'
  | 'stateslistEnabledToChange'
>;

// ---------------------------------------------------------------------------------------------
// Content (02 §3 Request sale content, Uploaded file).

export const ZRequestFile = z.object({
  name: z.string().trim().min(1).max(255),
  /** The stored file's address: a path, or an http(s) URL; no other scheme (javascript:, data:). */
  path: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .refine((path) => !/^[a-z][a-z0-9+.-]*:/i.test(path) || /^https?:\/\//i.test(path)),
  type: z.string().trim().max(200).default('application/octet-stream'),
  size: z.number().int().min(0),
  uploadedFrom: z.literal('web').default('web'),
});
export type RequestFile = z.infer<typeof ZRequestFile>;

/** A `search` field's chosen result (02 §7: title, value and values). */
export const ZSearchValue = z.object({
  title: z.string(),
  value: z.string(),
  values: z.record(z.string(), z.unknown()).optional(),
});
export type SearchValue = z.infer<typeof ZSearchValue>;

export type RequestValue =
  string | number | string[] | RequestFile[] | RequestFile | SearchValue | null | undefined;

/** A request's content: field code → value. Each value is checked against its field. */
export const ZRequestContent = z.record(z.string(), z.unknown());
export type RequestContent = Record<string, unknown>;

/** 02 §3 linesContent: one {code} per prepaid line. */
export const ZRequestLine = z.object({ code: z.string().trim().max(200) });
export type RequestLine = z.infer<typeof ZRequestLine>;

// ---------------------------------------------------------------------------------------------
// Visibility (02 §3 rules; §5 hidden fields are skipped).

/** Whether a value counts as filled: empty strings, empty lists and null do not. */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'object') {
    const search = value as { value?: unknown; path?: unknown };
    return isFilled(search.value ?? search.path ?? null);
  }
  return true;
}

/** The strings a value compares as: a list's items, a search result's value, a number's text. */
function comparable(value: unknown): string[] {
  if (!isFilled(value)) return [];
  if (Array.isArray(value)) return value.flatMap((item) => comparable(item));
  if (typeof value === 'object' && value !== null) {
    const inner = (value as { value?: unknown }).value;
    return inner === undefined ? [] : comparable(inner);
  }
  return [String(value).trim()];
}

function conditionHolds(condition: VisibilityCondition, value: unknown) {
  // An empty (or hidden) value compares as the empty string: `notEqual ''` means "filled".
  const have = isFilled(value) ? comparable(value) : [''];
  const wanted = Array.isArray(condition.value) ? condition.value : [condition.value];
  switch (condition.operator) {
    case 'equal':
      return wanted.some((item) => have.includes(item));
    case 'notEqual':
      return !wanted.some((item) => have.includes(item));
    case 'in':
      return have.some((item) => wanted.includes(item));
  }
}

/**
 * A rule list holds when its conditions, joined by the operators between them, do: AND binds
 * before OR; two conditions with no operator between them are joined by AND; stray operators
 * are ignored. An empty list holds.
 */
export function rulesHold(
  rules: readonly VisibilityRule[],
  valueOf: (field: string) => unknown,
): boolean {
  const groups: boolean[][] = [[]];
  let expectCondition = true;
  for (const rule of rules) {
    if ('conditionalOperator' in rule) {
      if (expectCondition) continue;
      if (rule.conditionalOperator === 'OR') groups.push([]);
      expectCondition = true;
      continue;
    }
    groups[groups.length - 1]!.push(conditionHolds(rule, valueOf(rule.field)));
    expectCondition = false;
  }
  const filled = groups.filter((group) => group.length > 0);
  if (filled.length === 0) return true;
  return filled.some((group) => group.every(Boolean));
}

/**
 * Which fields of a body are shown for a content. A hidden field's value counts as empty for the
 * rules of others (so hiding a field hides what depends on it); a rule naming a field of a cycle
 * or an unknown field reads it as empty.
 */
export function fieldVisibility(
  body: readonly RequestField[],
  content: RequestContent,
): Map<string, boolean> {
  const byCode = new Map(body.map((field) => [field.field, field]));
  const visible = new Map<string, boolean>();
  const visiting = new Set<string>();

  const effective = (code: string): unknown => {
    if (!byCode.has(code)) return content[code];
    return isVisible(code) ? content[code] : undefined;
  };

  function isVisible(code: string): boolean {
    const known = visible.get(code);
    if (known !== undefined) return known;
    const field = byCode.get(code)!;
    if (!field.active) {
      visible.set(code, false);
      return false;
    }
    if (field.visibilityRules.length === 0) {
      visible.set(code, true);
      return true;
    }
    if (visiting.has(code)) return false;
    visiting.add(code);
    const holds = rulesHold(field.visibilityRules, (other) =>
      other === code || visiting.has(other) ? undefined : effective(other),
    );
    visiting.delete(code);
    const shown = field.visibilityRuleType === 'hide' ? !holds : holds;
    visible.set(code, shown);
    return shown;
  }

  for (const field of body) isVisible(field.field);
  return visible;
}

// ---------------------------------------------------------------------------------------------
// Who the rules are applied for.

/** The user the rules are evaluated for. */
export interface RequestViewer {
  id: string;
  roles: readonly Role[];
  /** The user's additional data, read by options' userFieldFilter (02 §5). */
  additionalData?: Readonly<Record<string, unknown>> | null;
  /** The user's flows (config.useFlow); non-empty makes a flow user (02 §6). */
  flows?: readonly string[] | null;
}

const isCommercial = (viewer: Pick<RequestViewer, 'roles'>) => can(viewer, 'backOffice');
const isFlowUser = (viewer: RequestViewer) => (viewer.flows?.length ?? 0) > 0;

/** 02 §5: options whose userFieldFilter matches the user's additional data; commercial sees all. */
export function optionsFor(field: RequestField, viewer: RequestViewer): FieldOption[] {
  if (isCommercial(viewer)) return field.options;
  return field.options.filter((option) => {
    const filter = option.userFieldFilter;
    if (!filter || filter.values.length === 0) return true;
    const mine = comparable(viewer.additionalData?.[filter.field]);
    return filter.values.some((value) => mine.includes(value));
  });
}

/** Whether the user sees and fills a field at all: backoffice-only fields are for commercial. */
export function fieldShownTo(field: RequestField, viewer: RequestViewer) {
  return !field.editBackoffice || isCommercial(viewer);
}

/** 02 §6: a flow user may change a field only when its flow list names one of their flows. */
export function fieldLockedFor(field: RequestField, viewer: RequestViewer) {
  if (field.type === 'autoincrementid') return true;
  if (!isFlowUser(viewer)) return false;
  return !field.flow.some((flow) => viewer.flows!.includes(flow));
}

/** The fields that apply to a content and a user: active, visible, shown to them, not dividers. */
export function applicableFields(
  body: readonly RequestField[],
  content: RequestContent,
  viewer: RequestViewer,
) {
  const visibility = fieldVisibility(body, content);
  return body.filter(
    (field) =>
      field.type !== 'divider' &&
      visibility.get(field.field) === true &&
      fieldShownTo(field, viewer),
  );
}

// ---------------------------------------------------------------------------------------------
// Validation (02 §5 Request-sale editor).

/** How a request is saved: a draft may miss required fields, a sent one may not. */
export type SaveMode = 'draft' | 'send';

export interface RequestVerdict {
  ok: boolean;
  /** Field code → Spanish text, for the fields that apply only. */
  fieldErrors: Record<string, string>;
  /** Line index → Spanish text; `lines` → a text about the list as a whole. */
  lineErrors: Record<number, string>;
  linesError: string | null;
  /** The required fields that apply and are empty (whatever the mode). */
  missingRequired: string[];
  /** The content the server stores: only the fields that apply, normalised. */
  content: RequestContent;
}

function stringValue(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** YYYY/MM/DD (stored, 02 §9) from that or DD/MM/YYYY; null when it names no day. */
export function requestDay(value: string): string | null {
  const text = value.trim();
  const shown = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const stored = /^(\d{4})[/-](\d{2})[/-](\d{2})$/.exec(text);
  const [year, month, day] = shown
    ? [shown[3], shown[2], shown[1]]
    : stored
      ? [stored[1], stored[2], stored[3]]
      : [];
  if (!year) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day)
  )
    return null;
  return `${year}/${month}/${day}`;
}

/** YYYY/MM/DD HH:mm from that or DD/MM/YYYY HH:mm; null when invalid. */
export function requestDateTime(value: string): string | null {
  const match = /^(.+?)[ T](\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const day = requestDay(match[1]!);
  if (!day || Number(match[2]) > 23 || Number(match[3]) > 59) return null;
  return `${day} ${match[2]}:${match[3]}`;
}

/** Checks one applicable field's value: the Spanish text and the value to store. */
function checkValue(
  field: RequestField,
  value: unknown,
  viewer: RequestViewer,
): { error: string | null; value: unknown } {
  if (!isFilled(value)) return { error: null, value: null };
  switch (field.type) {
    case 'string':
    case 'number': {
      const text = stringValue(value);
      if (text === null) return { error: REQUEST_TEXTS.invalid, value };
      const trimmed = text.trim();
      if (field.type === 'number' && !/^\d+$/.test(trimmed))
        return { error: REQUEST_TEXTS.digitsOnly, value };
      const min = field.minLength ?? 0;
      const max = field.maxLength || REQUEST_TEXT_MAX_LENGTH;
      if (trimmed.length < min || trimmed.length > max)
        return { error: REQUEST_TEXTS.length(min, max), value };
      if (field.regex && !new RegExp(field.regex).test(trimmed))
        return { error: REQUEST_TEXTS.invalid, value };
      return { error: null, value: trimmed };
    }
    case 'select': {
      const key = stringValue(value);
      if (key === null) return { error: REQUEST_TEXTS.invalid, value };
      const allowed = optionsFor(field, viewer).some((option) => option.key === key);
      return { error: allowed ? null : REQUEST_TEXTS.option, value: key };
    }
    case 'selectmultiple':
    case 'multiselectarray': {
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
        return { error: REQUEST_TEXTS.invalid, value };
      const allowed = new Set(optionsFor(field, viewer).map((option) => option.key));
      const keys = [...new Set(value as string[])];
      return {
        error: keys.every((key) => allowed.has(key)) ? null : REQUEST_TEXTS.option,
        value: keys,
      };
    }
    case 'date':
    case 'datetime': {
      const text = stringValue(value);
      const stored =
        text === null ? null : field.type === 'date' ? requestDay(text) : requestDateTime(text);
      if (stored === null)
        return {
          error: field.type === 'date' ? REQUEST_TEXTS.date : REQUEST_TEXTS.datetime,
          value,
        };
      return { error: null, value: stored };
    }
    case 'image':
    case 'multiplefile': {
      const list = Array.isArray(value) ? value : [value];
      const files: RequestFile[] = [];
      for (const item of list) {
        const parsed = ZRequestFile.safeParse(item);
        if (!parsed.success) return { error: REQUEST_TEXTS.invalid, value };
        if (parsed.data.size > REQUEST_FILE_MAX_BYTES)
          return { error: REQUEST_TEXTS.fileTooLarge, value };
        files.push(parsed.data);
      }
      if (field.type === 'image' && files.length > 1)
        return { error: REQUEST_TEXTS.invalid, value };
      return { error: null, value: field.type === 'image' ? files[0]! : files };
    }
    case 'search': {
      const parsed = ZSearchValue.safeParse(value);
      return parsed.success
        ? { error: null, value: parsed.data }
        : { error: REQUEST_TEXTS.invalid, value };
    }
    case 'autoincrementid':
    case 'divider':
      return { error: null, value };
  }
}

/** Whether the user may change a field's value (shown to them and not locked for their flow). */
export function fieldEditableBy(field: RequestField, viewer: RequestViewer) {
  return fieldShownTo(field, viewer) && !fieldLockedFor(field, viewer);
}

/**
 * The content the rules read: what the user sent for the fields they may change, and the stored
 * value (`previous`) for the others (backoffice-only fields for non-commercial users, fields
 * locked by flow, the server's autoincrement ids), whatever the input says about them.
 */
export function mergeEditable(
  body: readonly RequestField[],
  input: RequestContent,
  previous: RequestContent | null | undefined,
  viewer: RequestViewer,
): RequestContent {
  const merged: RequestContent = {};
  for (const field of body) {
    if (field.type === 'divider') continue;
    const value = fieldEditableBy(field, viewer) ? input[field.field] : previous?.[field.field];
    if (value !== undefined) merged[field.field] = value;
  }
  return merged;
}

/**
 * 02 §5: validates a request's content and line codes for a user. Fields hidden by their rules,
 * inactive ones and dividers are skipped and left out of `content`; fields the user may not
 * change keep their stored value (`previous`); a value the user gives is checked whatever the
 * mode; required fields the user fills must be filled when sending (backoffice-only fields only
 * for commercial users). Line codes: each non-empty, at least one when the template has line
 * items (sending only). The web runs it as the user types; the server on every save.
 */
export function validateRequest(
  template: Pick<RequestTemplateRules, 'body' | 'lineBody'>,
  request: { content: RequestContent; lines?: readonly RequestLine[] | null },
  viewer: RequestViewer,
  mode: SaveMode,
  previous?: RequestContent | null,
): RequestVerdict {
  const fieldErrors: Record<string, string> = {};
  const content: RequestContent = {};
  const missingRequired: string[] = [];
  const merged = mergeEditable(template.body, request.content, previous, viewer);
  const visibility = fieldVisibility(template.body, merged);
  for (const field of template.body) {
    if (field.type === 'divider' || visibility.get(field.field) !== true) continue;
    const raw = merged[field.field];
    if (!fieldEditableBy(field, viewer)) {
      if (isFilled(raw)) content[field.field] = raw;
      continue;
    }
    const checked = checkValue(field, raw, viewer);
    if (checked.error) fieldErrors[field.field] = checked.error;
    if (isFilled(raw)) content[field.field] = checked.value;
    else if (field.required) {
      missingRequired.push(field.field);
      if (mode === 'send') fieldErrors[field.field] = REQUEST_TEXTS.required;
    }
  }

  const lineErrors: Record<number, string> = {};
  let linesError: string | null = null;
  const lines = request.lines ?? [];
  const hasLineItems = template.lineBody.length > 0;
  if (hasLineItems) {
    lines.forEach((line, index) => {
      if (!line.code.trim()) lineErrors[index] = REQUEST_TEXTS.lineRequired;
    });
    if (mode === 'send' && lines.length === 0) linesError = REQUEST_TEXTS.linesMissing;
  }

  const ok =
    Object.keys(fieldErrors).length === 0 && Object.keys(lineErrors).length === 0 && !linesError;
  return { ok, fieldErrors, lineErrors, linesError, missingRequired, content };
}

/** The value a new request starts with for each field: its default, or empty. */
export function initialContent(body: readonly RequestField[]): RequestContent {
  const content: RequestContent = {};
  for (const field of body) {
    if (field.default === null || field.default === undefined) continue;
    content[field.field] = LIST_TYPES.has(field.type)
      ? Array.isArray(field.default)
        ? field.default
        : [String(field.default)]
      : field.default;
  }
  return content;
}

export const isListField = (field: Pick<RequestField, 'type'>) => LIST_TYPES.has(field.type);
export const isFileField = (field: Pick<RequestField, 'type'>) => FILE_TYPES.has(field.type);

/**
 * The sections of a body (02 §4): each divider starts one, titled by it; fields before the first
 * divider form an untitled section. A 'closed' section starts collapsed unless one of its fields
 * has a value.
 */
export function requestSections(body: readonly RequestField[], content: RequestContent) {
  const sections: { title: string; divider: RequestField | null; fields: RequestField[] }[] = [];
  for (const field of body) {
    if (field.type === 'divider') sections.push({ title: field.title, divider: field, fields: [] });
    else {
      if (sections.length === 0) sections.push({ title: '', divider: null, fields: [] });
      sections[sections.length - 1]!.fields.push(field);
    }
  }
  return sections.map((section) => ({
    ...section,
    openInitially:
      section.divider?.closeMode !== 'closed' ||
      section.fields.some((field) => isFilled(content[field.field])),
  }));
}

// ---------------------------------------------------------------------------------------------
// New client inline (02 §3 New client, §5 texts). The phone is checked by the caller with the
// house phone rules (packages/domain/src/phone.ts) and the texts below.

export const ZNewClient = z.object({
  firstName: z.string().trim().min(1, { error: REQUEST_TEXTS.required }).max(32, {
    error: NEW_CLIENT_TEXTS.firstName,
  }),
  lastName: z.string().trim().max(32, { error: NEW_CLIENT_TEXTS.lastName }).default(''),
  phones: z
    .array(z.string().trim())
    .transform((phones) => phones.filter(Boolean))
    .pipe(z.array(z.string()).min(1, { error: NEW_CLIENT_TEXTS.phoneRequired })),
  detail: z.string().trim().max(255, { error: NEW_CLIENT_TEXTS.detail }).default(''),
});
export type NewClient = z.output<typeof ZNewClient>;

// ---------------------------------------------------------------------------------------------
// Statuses (02 §3 statusType; §4 colours).

/**
 * statusType values: the three the editor sets (draft, new, resend) and those the back office's
 * templates use (02 §4 colours). A template's status options may add others.
 */
export const REQUEST_STATUS_TYPES = [
  'draft',
  'new',
  'resend',
  'processing',
  'processed',
  'linked',
  'cancel',
] as const;
export type KnownStatusType = (typeof REQUEST_STATUS_TYPES)[number];

/** 02 §4: draft default, new primary, processing and processed secondary, linked success, cancel error, resend warning. */
export const REQUEST_STATUS_COLOURS: Record<KnownStatusType, string> = {
  draft: 'gray',
  new: 'blue',
  processing: 'grape',
  processed: 'grape',
  linked: 'green',
  cancel: 'red',
  resend: 'orange',
};

export function statusColour(statusType: string) {
  return REQUEST_STATUS_COLOURS[statusType as KnownStatusType] ?? 'gray';
}

/** The default titles of the known status types (a template's options may rename them). */
export const REQUEST_STATUS_TITLES: Record<KnownStatusType, string> = {
  draft: 'Borrador',
  new: 'Enviada',
  resend: 'Reenviar',
  processing: 'En proceso',
  processed: 'Procesada',
  linked: 'Vinculada',
  cancel: 'Cancelada',
};

/** The status types that close a request: it no longer holds the contact open (03 §4, §8). */
export const CLOSED_STATUS_TYPES: readonly string[] = ['processed', 'linked', 'cancel'];

export function isActiveStatusType(statusType: string) {
  return !CLOSED_STATUS_TYPES.includes(statusType);
}

/** The title a status type shows with a template's options. */
export function statusTitle(
  statusType: string,
  options: readonly StatusOption[] | null | undefined,
): string {
  return (
    options?.find((option) => option.status === statusType)?.title ??
    REQUEST_STATUS_TITLES[statusType as KnownStatusType] ??
    statusType
  );
}

/** 02 §4: 'Guardar como borrador' keeps or sets draft, resend when it was resend; 'Enviar' sends new. */
export function statusTypeOnSave(current: string | null, mode: SaveMode): string {
  if (mode === 'send') return 'new';
  return current === 'resend' ? 'resend' : 'draft';
}

/** 02 §4: a sent request (neither draft nor resend) shows the disabled marker 'Enviado'. */
export function isSent(statusType: string) {
  return statusType !== 'draft' && statusType !== 'resend';
}

// ---------------------------------------------------------------------------------------------
// Sharing (02 §3 Share permissions).

export const SHARE_PERMISSIONS = ['read', 'write', 'all'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];
export const SHARE_PERMISSION_LABELS: Record<SharePermission, string> = {
  read: 'Ver',
  write: 'Editar',
  all: 'Todo',
};
export function sharePermissionLabel(permission: string) {
  return SHARE_PERMISSION_LABELS[permission as SharePermission] ?? 'Desconocido';
}

// ---------------------------------------------------------------------------------------------
// Permissions (02 §4, §6).

export interface RequestState {
  creatorId: string;
  statusType: string;
  /** In audit mode when the back office has assigned it an auditor (01 §4). */
  auditorId?: string | null;
  /** The viewer's sharing of it, when shared with them. */
  sharedAs?: SharePermission | null;
}

/** Whether the user's roles let them interact with the template (02 §6; commercial and admin always). */
export function mayUseTemplate(
  template: Pick<RequestTemplateRules, 'roles'>,
  viewer: RequestViewer,
) {
  if (template.roles.length === 0) return true;
  if (can(viewer, 'manageRequestTemplates')) return true;
  return viewer.roles.some((role) => template.roles.includes(role));
}

export interface RequestPermissions {
  /** May open the editor for the template at all (the roles warning otherwise). */
  interact: boolean;
  /** May change the content (the edit button). */
  edit: boolean;
  /** The statuses the user may set, [] when none (commercial: the full list). */
  statuses: StatusOption[];
  /** May choose the 'Vendedor'. */
  pickSeller: boolean;
  /** May open 'Compartir solicitud'. */
  share: boolean;
  /** May mark the history as seen ('Marcar como visto'). */
  markSeen: boolean;
  /** May toggle comment visibility and delete any comment. */
  moderateComments: boolean;
  /** Sees the 'Configuración de Solicitud' card. */
  configCard: boolean;
}

/**
 * 02 §4, §6: what a user may do with a request of a template (`request` null while creating).
 * The edit button shows for the creator when audit mode is off, for write/all sharing, or when the
 * current status is in the template's allowed modification states; commercial always.
 */
export function requestPermissions(
  template: RequestTemplateRules,
  request: RequestState | null,
  viewer: RequestViewer,
): RequestPermissions {
  const commercial = isCommercial(viewer);
  // 02 §6: super and comercial choose the 'Vendedor' and share any request.
  const oversees = can(viewer, 'superviseSellers');
  const interact = mayUseTemplate(template, viewer);
  const flow = isFlowUser(viewer);
  const creator = !request || request.creatorId === viewer.id;
  const audited = !!request?.auditorId;
  const writeShare = request?.sharedAs === 'write' || request?.sharedAs === 'all';
  const edit =
    interact &&
    (commercial ||
      (creator && !audited) ||
      writeShare ||
      (!!request && template.allowedModificationStates.includes(request.statusType)));
  let statuses: StatusOption[] = [];
  if (request && interact && !flow) {
    if (commercial) statuses = allStatuses(template);
    else if (template.allowAdvisorsToChangeStatus) statuses = template.stateslistEnabledToChange;
  }
  return {
    interact,
    edit,
    statuses,
    pickSeller: interact && !flow && oversees,
    share: interact && (oversees || creator || writeShare) && !!request,
    markSeen: commercial,
    moderateComments: can(viewer, 'moderateComments'),
    configCard: oversees,
  };
}

/** The full status list: the known types in order, renamed or extended by the template's options. */
export function allStatuses(template: Pick<RequestTemplateRules, 'statusOptions'>): StatusOption[] {
  const list: StatusOption[] = REQUEST_STATUS_TYPES.map((status) => ({
    status,
    title: statusTitle(status, template.statusOptions),
  }));
  for (const option of template.statusOptions)
    if (!list.some((item) => item.status === option.status)) list.push(option);
  return list;
}
