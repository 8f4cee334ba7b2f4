import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from '../router';
import { commonErrors } from '../trpc/procedure-errors';
import { looseSchemaParts, procedureEntries, procedureReference } from './procedure-reference';

const entries = procedureEntries(appRouter);
const byPath = (path: string) => entries.find((entry) => entry.path === path)!;

describe('referencia de procedimientos (/api/docs/procedures)', () => {
  it('lista todos los procedimientos del router', () => {
    const paths = Object.keys(appRouter._def.procedures);
    expect(entries.map((entry) => entry.path).sort()).toEqual([...paths].sort());
  });

  it('cada procedimiento tiene una descripción', () => {
    const missing = entries
      .filter((entry) => entry.description.trim().length < 12)
      .map((entry) => entry.path);
    expect(missing, 'procedures without `.meta({ description })`').toEqual([]);
  });

  it('describe la entrada y la salida con JSON Schema de sus esquemas zod', () => {
    const list = byPath('contact.list');
    expect(list.input).toMatchObject({
      type: 'object',
      properties: { search: { type: 'string', maxLength: 100 } },
    });
    expect(list.output).toMatchObject({ type: 'object' });
    // Every declared schema converts (a schema zod cannot express would throw above).
    const withoutInput = entries.filter((entry) => entry.input === null).map((entry) => entry.path);
    expect(withoutInput).toContain('system.info');
  });

  it('muestra la regla del id UUIDv7 que hace el cliente', () => {
    const note = byPath('interaction.createNote').input as {
      properties: { id: { pattern: string; description: string } };
    };
    expect(note.properties.id.pattern).toContain('-7[0-9a-f]{3}-');
    expect(note.properties.id.description).toMatch(/UUIDv7.*60 s.*24 h/);
  });

  it('cada procedimiento declara una salida precisa: sin unknown, any ni objetos vacíos', () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { output?: unknown } }
    >;
    const loose = Object.entries(procedures).flatMap(([path, procedure]) =>
      procedure._def.output === undefined
        ? [`${path}: no output schema`]
        : looseSchemaParts(procedure._def.output).map((part) => `${path} ${part}`),
    );
    expect(loose, 'procedures without a precise `.output(...)`').toEqual([]);
    expect(entries.filter((entry) => entry.output === null).map((entry) => entry.path)).toEqual([]);
    // The walk sees through wrappers to what is loose.
    expect(looseSchemaParts(z.object({ a: z.array(z.record(z.string(), z.any())) }))).toEqual([
      '$.a[]{}: any',
    ]);
    expect(looseSchemaParts(z.looseObject({ a: z.string() }))).toEqual(['$.*: unknown']);
    expect(looseSchemaParts(z.object({}).nullable())).toEqual(['$: empty object']);
    expect(byPath('interaction.timeline').output).toMatchObject({
      type: 'object',
      properties: { items: { type: 'array' }, nextBefore: {} },
    });
  });

  it('dice quién puede llamarlo: área, roles y alcances de token', () => {
    const list = byPath('contact.list');
    expect(list).toMatchObject({ access: 'session', area: '/contacts', slug: 'contacts' });
    expect(list.roles).not.toContain('users_manager');
    expect(list.tokenScopes).toEqual(['read', 'write', 'admin']);

    const deleteCompanies = byPath('company.delete');
    expect(deleteCompanies.roles).toEqual(['super', 'comercial', 'project_manager']);
    expect(deleteCompanies.capability).toBe('deleteCompanies');
    expect(list.capability).toBeNull();
    expect(deleteCompanies.tokenScopes).toEqual(['write', 'admin']);

    expect(byPath('auth.login')).toMatchObject({ access: 'public', roles: null, tokenScopes: [] });
    expect(byPath('apiToken.create').tokenScopes).toEqual([]);
    expect(byPath('account.switchTo').roles).toEqual(['admin']);
    expect(byPath('auth.me').usedBy).toEqual(['*']);
  });

  it('lista los códigos de error que responde', () => {
    expect(byPath('contact.list').errors).toEqual(
      expect.arrayContaining(['UNAUTHENTICATED', 'PERMISSION_DENIED', 'INVALID_REQUEST_BODY']),
    );
    // The codes every signed-in query may answer, from one list (trpc/procedure-errors.ts).
    expect(byPath('contact.list').errors).toEqual(
      expect.arrayContaining(
        commonErrors({ type: 'query', session: true, duringPasswordChange: false }),
      ),
    );
    expect(byPath('contact.list').errors).toContain('API_TOKEN_INVALID');
    expect(byPath('auth.login').errors).not.toContain('API_TOKEN_INVALID');
    expect(byPath('auth.changePassword').errors).not.toContain('PASSWORD_CHANGE_REQUIRED');
    expect(byPath('auth.login').errors).toEqual(
      expect.arrayContaining(['INVALID_CREDENTIALS', 'TOO_MANY_LOGIN_ATTEMPTS']),
    );
    const catalogue = procedureReference(appRouter).errors;
    expect(catalogue.find((error) => error.code === 'UNAUTHENTICATED')).toMatchObject({
      httpStatus: 401,
    });
  });

  it("'Sugerir respuesta' (issue #44 item 3): quién redacta, quién fija el límite, qué responde", () => {
    const draft = byPath('ai.draft');
    expect(draft).toMatchObject({ access: 'session', area: '/contact' });
    expect(draft.roles).not.toContain('users_manager');
    expect(draft.errors).toEqual(
      expect.arrayContaining([
        'DISABLED_FEATURE',
        'CONTACT_NOT_FOUND',
        'AI_LIMIT_REACHED',
        'AI_UNAVAILABLE',
      ]),
    );
    expect(byPath('ai.setCompanyLimit').roles).toEqual(['admin']);
    expect(byPath('ai.companyLimit')).toMatchObject({ area: '/grupos', capability: 'administer' });
  });
});
