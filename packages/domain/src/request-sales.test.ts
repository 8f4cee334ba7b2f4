import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allStatuses,
  applicableFields,
  fieldVisibility,
  fieldEditableBy,
  initialContent,
  mergeEditable,
  isActiveStatusType,
  optionsFor,
  REQUEST_FILE_MAX_BYTES,
  REQUEST_TEXTS,
  requestDay,
  requestPermissions,
  requestSections,
  rulesHold,
  sharePermissionLabel,
  statusTypeOnSave,
  validateRequest,
  ZNewClient,
  ZRequestField,
  ZRequestTemplateInput,
  type RequestContent,
  type RequestField,
  type RequestViewer,
  type VisibilityRule,
} from './request-sales';

const field = (input: Partial<RequestField> & Pick<RequestField, 'field' | 'type'>) =>
  ZRequestField.parse(input);

const seller: RequestViewer = { id: 'u1', roles: ['user'], additionalData: { zona: 'norte' } };
const commercial: RequestViewer = { id: 'c1', roles: ['comercial'] };

const template = ZRequestTemplateInput.parse({
  title: 'Portabilidad',
  body: [
    field({
      field: 'plan',
      type: 'select',
      required: true,
      options: [
        { key: 'prepago', title: 'Prepago' },
        { key: 'empresa', title: 'Empresa', userFieldFilter: { field: 'zona', values: ['sur'] } },
      ],
    }),
    field({
      field: 'empresa',
      type: 'string',
      required: true,
      visibilityRules: [{ field: 'plan', operator: 'equal', value: 'empresa' }],
    }),
    field({
      field: 'rut',
      type: 'number',
      minLength: 8,
      maxLength: 12,
      visibilityRules: [{ field: 'empresa', operator: 'notEqual', value: '' }],
    }),
    field({ field: 'codigo', type: 'string', regex: '^[A-Z]{3}$' }),
    field({ field: 'interno', type: 'string', required: true, editBackoffice: true }),
    field({ field: 'alta', type: 'date' }),
    field({ field: 'dni', type: 'image' }),
  ],
  lineBody: [field({ field: 'code', type: 'string' })],
});

describe('visibility rules (02 §3)', () => {
  it('shows a field only when its rules hold, and a hidden field hides what depends on it', () => {
    const shown = fieldVisibility(template.body, { plan: 'prepago', empresa: 'ACME' });
    expect(shown.get('empresa')).toBe(false);
    expect(shown.get('rut')).toBe(false);
    const company = fieldVisibility(template.body, { plan: 'empresa', empresa: 'ACME' });
    expect(company.get('empresa')).toBe(true);
    expect(company.get('rut')).toBe(true);
  });

  it('joins conditions with AND before OR', () => {
    const values: Record<string, string> = { a: '1', b: '2', c: '3' };
    const read = (code: string) => values[code];
    const rules: VisibilityRule[] = [
      { field: 'a', operator: 'equal', value: 'x' },
      { conditionalOperator: 'AND' },
      { field: 'b', operator: 'equal', value: '2' },
      { conditionalOperator: 'OR' },
      { field: 'c', operator: 'in', value: ['3', '4'] },
    ];
    expect(rulesHold(rules, read)).toBe(true);
    expect(rulesHold(rules.slice(0, 3), read)).toBe(false);
    expect(rulesHold([], read)).toBe(true);
  });

  it('reads a cycle as empty instead of looping', () => {
    const body = [
      field({
        field: 'a',
        type: 'string',
        visibilityRules: [{ field: 'b', operator: 'equal', value: 'x' }],
      }),
      field({
        field: 'b',
        type: 'string',
        visibilityRules: [{ field: 'a', operator: 'equal', value: 'x' }],
      }),
    ];
    const shown = fieldVisibility(body, { a: 'x', b: 'x' });
    expect([shown.get('a'), shown.get('b')]).toEqual([false, false]);
  });

  it("'hide' rules hide the field when they hold", () => {
    const body = [
      field({ field: 'a', type: 'string' }),
      field({
        field: 'b',
        type: 'string',
        visibilityRuleType: 'hide',
        visibilityRules: [{ field: 'a', operator: 'equal', value: 'no' }],
      }),
    ];
    expect(fieldVisibility(body, { a: 'no' }).get('b')).toBe(false);
    expect(fieldVisibility(body, { a: 'si' }).get('b')).toBe(true);
  });
});

describe('validation (02 §5)', () => {
  it('skips a required hidden field and enforces a required visible one on send', () => {
    const hidden = validateRequest(
      template,
      { content: { plan: 'prepago' }, lines: [{ code: 'A1' }] },
      seller,
      'send',
    );
    expect(hidden.fieldErrors).toEqual({});
    expect(hidden.ok).toBe(true);
    const visible = validateRequest(
      template,
      { content: { plan: 'empresa' }, lines: [{ code: 'A1' }] },
      seller,
      'send',
    );
    expect(visible.fieldErrors).toEqual({
      empresa: REQUEST_TEXTS.required,
      plan: REQUEST_TEXTS.option,
    });
  });

  it('lets a draft miss required fields but not carry a bad value', () => {
    const draft = validateRequest(template, { content: { codigo: 'abc' } }, seller, 'draft');
    expect(draft.fieldErrors).toEqual({ codigo: 'El valor es inválido' });
    expect(draft.missingRequired).toEqual(['plan']);
  });

  it('gives the length text, digits only, dates and the file limit', () => {
    const verdict = validateRequest(
      template,
      {
        content: {
          plan: 'prepago',
          empresa: 'ACME',
          alta: '31/02/2026',
          dni: {
            name: 'dni.png',
            path: 'f/dni.png',
            type: 'image/png',
            size: REQUEST_FILE_MAX_BYTES + 1,
          },
        },
      },
      seller,
      'draft',
    );
    expect(verdict.fieldErrors.alta).toBe(REQUEST_TEXTS.date);
    expect(verdict.fieldErrors.dni).toBe('El tamaño del archivo es superior al permitido');
    const company = { plan: 'empresa', empresa: 'ACME' };
    expect(
      validateRequest(template, { content: { ...company, rut: '123' } }, commercial, 'draft')
        .fieldErrors.rut,
    ).toBe('8 a 12 caracteres');
    expect(
      validateRequest(template, { content: { ...company, rut: '12a45678' } }, commercial, 'draft')
        .fieldErrors.rut,
    ).toBe(REQUEST_TEXTS.digitsOnly);
  });

  it("refuses an option the user's filter hides; commercial bypasses the filter", () => {
    expect(optionsFor(template.body[0]!, seller).map((o) => o.key)).toEqual(['prepago']);
    expect(optionsFor(template.body[0]!, commercial).map((o) => o.key)).toEqual([
      'prepago',
      'empresa',
    ]);
    expect(
      optionsFor(template.body[0]!, { ...seller, additionalData: { zona: ['sur'] } }),
    ).toHaveLength(2);
  });

  it('leaves backoffice-only fields to commercial users', () => {
    expect(applicableFields(template.body, {}, seller).map((f) => f.field)).not.toContain(
      'interno',
    );
    const verdict = validateRequest(
      template,
      { content: { plan: 'prepago' }, lines: [{ code: 'X' }] },
      commercial,
      'send',
    );
    expect(verdict.fieldErrors).toEqual({ interno: REQUEST_TEXTS.required });
  });

  it('keeps the stored value of a field the user may not change, whatever they send', () => {
    const verdict = validateRequest(
      template,
      { content: { plan: 'prepago', interno: 'cambiado' }, lines: [{ code: 'A' }] },
      seller,
      'send',
      { plan: 'empresa', interno: 'aprobado' },
    );
    expect(verdict.content).toEqual({ plan: 'prepago', interno: 'aprobado' });
  });

  it('stores only what applies, normalised (dates as YYYY/MM/DD)', () => {
    const verdict = validateRequest(
      template,
      {
        content: { plan: 'prepago', empresa: 'hidden', alta: '05/03/2026', otro: 'x' },
        lines: [{ code: 'A' }],
      },
      seller,
      'send',
    );
    expect(verdict.content).toEqual({ plan: 'prepago', alta: '2026/03/05' });
  });

  it('needs every line code and, to send, at least one', () => {
    const none = validateRequest(
      template,
      { content: { plan: 'prepago' }, lines: [] },
      seller,
      'send',
    );
    expect(none.linesError).toBe(REQUEST_TEXTS.linesMissing);
    const blank = validateRequest(
      template,
      { content: { plan: 'prepago' }, lines: [{ code: 'A' }, { code: ' ' }] },
      seller,
      'draft',
    );
    expect(blank.lineErrors).toEqual({ 1: REQUEST_TEXTS.lineRequired });
  });
});

describe('templates, statuses, sharing and permissions', () => {
  it('refuses a repeated field code and a regex that does not compile', () => {
    const repeated = ZRequestTemplateInput.safeParse({
      title: 'X',
      body: [
        { field: 'a', type: 'string' },
        { field: 'a', type: 'number' },
      ],
    });
    expect(repeated.error?.issues[0]?.message).toBe("El código 'a' está repetido");
    expect(
      ZRequestField.safeParse({ field: 'a', type: 'string', regex: '([' }).error?.issues[0]
        ?.message,
    ).toBe('La expresión regular no es válida');
  });

  it('refuses patterns that backtrack catastrophically and texts without a bound', () => {
    for (const pattern of ['(a+)+$', '^(a|aa)*$', '(\\w+\\s?)*x', '(a)\\1', '((ab)*c)+'])
      expect(
        ZRequestField.safeParse({ field: 'a', type: 'string', regex: pattern }).error?.issues[0]
          ?.message,
      ).toBe('La expresión regular es demasiado compleja');
    for (const pattern of [
      '^\\d{8}$',
      '^[A-Z]{3}-\\d+$',
      '^(09|2)\\d{6,7}$',
      '^[(a+)+]$',
      '^(\\d{3}-)?\\d+$',
    ])
      expect(ZRequestField.safeParse({ field: 'a', type: 'string', regex: pattern }).success).toBe(
        true,
      );
    const long = validateRequest(
      { body: [field({ field: 'a', type: 'string' })], lineBody: [] },
      { content: { a: 'x'.repeat(10_001) } },
      seller,
      'draft',
    );
    expect(long.fieldErrors.a).toBe('0 a 10000 caracteres');
  });

  it('saves drafts as draft (resend stays resend) and sends as new', () => {
    expect(statusTypeOnSave(null, 'draft')).toBe('draft');
    expect(statusTypeOnSave('resend', 'draft')).toBe('resend');
    expect(statusTypeOnSave('resend', 'send')).toBe('new');
    expect(isActiveStatusType('processing')).toBe(true);
    expect(isActiveStatusType('cancel')).toBe(false);
    expect(sharePermissionLabel('write')).toBe('Editar');
    expect(sharePermissionLabel('owner')).toBe('Desconocido');
  });

  it('lets the creator edit until audited, a read share only look, commercial everything', () => {
    const rules = { ...template, allowedModificationStates: ['resend'] };
    const mine = { creatorId: seller.id, statusType: 'new' };
    expect(requestPermissions(rules, mine, seller).edit).toBe(true);
    expect(requestPermissions(rules, { ...mine, auditorId: 'c1' }, seller).edit).toBe(false);
    expect(
      requestPermissions(rules, { ...mine, auditorId: 'c1', statusType: 'resend' }, seller).edit,
    ).toBe(true);
    const reader = { id: 'u2', roles: ['user'] } as RequestViewer;
    const read = requestPermissions(rules, { ...mine, sharedAs: 'read' }, reader);
    expect([read.edit, read.share, read.statuses]).toEqual([false, false, []]);
    expect(requestPermissions(rules, { ...mine, sharedAs: 'write' }, reader).edit).toBe(true);
    const office = requestPermissions(rules, mine, commercial);
    expect(office.statuses).toEqual(allStatuses(rules));
    expect([office.pickSeller, office.markSeen]).toEqual([true, true]);
  });

  it('gives advisors the enabled statuses when the template allows it; flow users none', () => {
    const enabled = [{ status: 'resend', title: 'Reenviar' }];
    const rules = {
      ...template,
      allowAdvisorsToChangeStatus: true,
      stateslistEnabledToChange: enabled,
    };
    const mine = { creatorId: seller.id, statusType: 'new' };
    expect(requestPermissions(rules, mine, seller).statuses).toEqual(enabled);
    expect(requestPermissions(rules, mine, { ...seller, flows: ['alta'] }).statuses).toEqual([]);
    expect(requestPermissions({ ...rules, roles: ['super'] }, mine, seller).interact).toBe(false);
  });

  it('opens a closed section only when one of its fields has a value', () => {
    const body = [
      field({ field: 'a', type: 'string' }),
      field({ field: 'extra', type: 'divider', title: 'Extra', closeMode: 'closed' }),
      field({ field: 'b', type: 'string' }),
    ];
    expect(requestSections(body, {}).map((s) => s.openInitially)).toEqual([true, false]);
    expect(requestSections(body, { b: 'x' })[1]!.openInitially).toBe(true);
    expect(initialContent([field({ field: 'm', type: 'selectmultiple', default: 'x' })])).toEqual({
      m: ['x'],
    });
  });

  it('checks the new client of 02 §5', () => {
    const long = ZNewClient.safeParse({
      firstName: 'x'.repeat(33),
      phones: [''],
      detail: 'y'.repeat(256),
    });
    expect(long.error?.issues.map((issue) => issue.message).sort()).toEqual(
      [
        'El detalle no puede tener mas de 255 caracteres',
        'El tamaño maximo del nombre es 32 caracteres',
        'Se requiere ingresar un teléfono',
      ].sort(),
    );
    expect(requestDay('2026/02/28')).toBe('2026/02/28');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over generated templates and contents.

const codes = ['a', 'b', 'c', 'd', 'e'];
const values = ['x', 'y', 'z', ''];
const arbCondition = fc.record({
  field: fc.constantFrom(...codes),
  operator: fc.constantFrom('equal' as const, 'notEqual' as const, 'in' as const),
  value: fc.oneof(fc.constantFrom(...values), fc.subarray(values)),
});
const arbRules = fc.array(
  fc.oneof(
    arbCondition,
    fc.record({ conditionalOperator: fc.constantFrom('AND' as const, 'OR' as const) }),
  ),
  { maxLength: 5 },
);
const arbBody = fc
  .tuple(
    ...codes.map((code) =>
      fc.record({
        field: fc.constant(code),
        type: fc.constantFrom('string' as const, 'select' as const, 'selectmultiple' as const),
        required: fc.boolean(),
        active: fc.boolean(),
        editBackoffice: fc.boolean(),
        visibilityRules: arbRules,
        visibilityRuleType: fc.constantFrom('show' as const, 'hide' as const),
        options: fc.constant([
          { key: 'x', title: 'X' },
          { key: 'y', title: 'Y', userFieldFilter: { field: 'zona', values: ['sur'] } },
          { key: 'z', title: 'Z' },
        ]),
      }),
    ),
  )
  .map((fields) => fields.map((input) => ZRequestField.parse(input)));
const arbContent: fc.Arbitrary<RequestContent> = fc.dictionary(
  fc.constantFrom(...codes, 'otro'),
  fc.oneof(fc.constantFrom(...values), fc.subarray(['x', 'y', 'z'])),
);
const arbViewer = fc.constantFrom<RequestViewer>(seller, commercial, {
  id: 'u3',
  roles: ['super'],
  additionalData: { zona: 'sur' },
});
const arbMode = fc.constantFrom('draft' as const, 'send' as const);

describe('properties of the rules', () => {
  it('a hidden field never decides the verdict: changing its value changes nothing', () => {
    fc.assert(
      fc.property(
        arbBody,
        arbContent,
        arbViewer,
        arbMode,
        fc.constantFrom(...codes),
        fc.constantFrom(...values),
        (body, content, viewer, mode, code, value) => {
          const seen = (values: RequestContent) =>
            fieldVisibility(body, mergeEditable(body, values, null, viewer));
          const before = seen(content);
          fc.pre(before.get(code) === false);
          const changed = { ...content, [code]: value };
          fc.pre([...seen(changed).entries()].every(([key, shown]) => before.get(key) === shown));
          const a = validateRequest({ body, lineBody: [] }, { content }, viewer, mode);
          const b = validateRequest({ body, lineBody: [] }, { content: changed }, viewer, mode);
          expect(b.fieldErrors).toEqual(a.fieldErrors);
          expect(b.content).toEqual(a.content);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('what the server stores validates again to the same verdict (web and server agree)', () => {
    fc.assert(
      fc.property(arbBody, arbContent, arbViewer, arbMode, (body, content, viewer, mode) => {
        const first = validateRequest({ body, lineBody: [] }, { content }, viewer, mode);
        const again = validateRequest(
          { body, lineBody: [] },
          { content: first.content },
          viewer,
          mode,
        );
        expect(again.content).toEqual(first.content);
        if (first.ok) expect(again.ok).toBe(true);
        // The stored content holds only visible fields.
        const shown = fieldVisibility(body, first.content);
        for (const key of Object.keys(first.content)) expect(shown.get(key)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a sent request that passes has every applicable required field filled', () => {
    fc.assert(
      fc.property(arbBody, arbContent, arbViewer, (body, content, viewer) => {
        const verdict = validateRequest({ body, lineBody: [] }, { content }, viewer, 'send');
        if (!verdict.ok) return;
        const shown = fieldVisibility(body, mergeEditable(body, content, null, viewer));
        for (const f of body)
          if (
            f.required &&
            f.type !== 'divider' &&
            shown.get(f.field) &&
            fieldEditableBy(f, viewer)
          )
            expect(verdict.content[f.field]).toBeDefined();
        expect(verdict.missingRequired).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
