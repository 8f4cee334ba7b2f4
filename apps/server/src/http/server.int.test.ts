import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { startTestApp, type TestApp } from '../testing/test-app';

let database: TestDatabase;
let app: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startTestApp(database.handle, {}, ({ server }) => {
    // A route that fails the way a bug would, to prove what the caller gets to see.
    server.get('/api/test/boom', async () => {
      throw new Error('connection to db.internal:5432 failed for user cartera');
    });
  });
});

afterAll(async () => {
  await app?.stop();
  await database?.destroy();
});

describe('servidor HTTP', () => {
  it('sirve tRPC por HTTP bajo /api/trpc', async () => {
    const response = await fetch(`${app.url}/api/trpc/system.info`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { data: { json: { name: string } } } };
    expect(body.result.data.json.name).toBe('Cartera');
  });

  it('describe los adaptadores REST en /api/docs', async () => {
    const response = await fetch(`${app.url}/api/docs`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/aws/documents',
        '/api/settings/getPressignedUrl',
      ]),
    );
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/trpc'))).toBe(false);
  });

  it('cada operación de /api/docs tiene operationId, roles, alcances y sus archivos declarados', async () => {
    const document = (await (await fetch(`${app.url}/api/docs`)).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    const missing = operations
      .filter(({ operation }) => typeof operation.operationId !== 'string')
      .map(({ method, path }) => `${method} ${path}`);
    expect(missing, 'operations without an operationId').toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);

    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    for (const path of ['/api/goal/template', '/api/receipt/excel', '/api/sellersgoals/export']) {
      expect(document.paths[path]!.get!.responses, path).toMatchObject({
        200: { content: { [xlsx]: { schema: { type: 'string', format: 'binary' } } } },
      });
    }
    const upload = document.paths['/api/goal/{id}/upload']!.post!;
    expect(upload).toMatchObject({
      operationId: 'postGoalByIdUpload',
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: { properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      },
      'x-token-scopes': ['write', 'admin'],
    });
    expect(upload['x-roles']).not.toContain('user');
    const contacts = document.paths['/api/crm/contacts']!.get!;
    expect(contacts['x-token-scopes']).toEqual(['read', 'write', 'admin']);
    expect(contacts['x-roles']).toContain('user');
    expect(upload.responses).toMatchObject({
      '4XX': {
        content: {
          'application/json': {
            schema: {
              required: ['code', 'message'],
              properties: { fieldErrors: { additionalProperties: { type: 'array' } } },
            },
          },
        },
      },
    });
  });

  it('describe cada procedimiento tRPC en /api/docs/procedures, en JSON y como página', async () => {
    const json = await fetch(`${app.url}/api/docs/procedures`);
    expect(json.status).toBe(200);
    const reference = (await json.json()) as {
      procedures: { path: string; description: string; input: unknown; errors: string[] }[];
    };
    const createNote = reference.procedures.find(
      (entry) => entry.path === 'interaction.createNote',
    );
    expect(createNote).toMatchObject({ input: { type: 'object' } });
    expect(createNote!.description.length).toBeGreaterThan(0);
    expect(createNote!.errors).toContain('UNAUTHENTICATED');

    const page = await fetch(`${app.url}/api/docs/procedures`, {
      headers: { accept: 'text/html' },
    });
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<code>interaction.createNote</code>');
    expect(html).toContain('href="/api/docs"');
    // The live events realtime.events delivers, linked from the contents.
    expect(html).toContain('href="#live-events"');
    expect(html).toContain(
      '<code>interaction.created</code> <small>topic <code>contact:&#60;contactId&#62;</code>',
    );
  });

  it('un error inesperado responde 500 con el texto genérico y sin detalles internos', async () => {
    const response = await fetch(`${app.url}/api/test/boom`);
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      message:
        'Se produjo un error en el servidor. Por favor, inténtelo nuevamente. Si el problema persiste, pongase en contacto con soporte.',
    });
    expect(body).not.toContain('db.internal');
  });

  it('una ruta desconocida de la API responde 404 NOT_FOUND en JSON', async () => {
    const response = await fetch(`${app.url}/api/no-existe`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('un JSON mal formado responde 400 INVALID_REQUEST_BODY', async () => {
    const response = await fetch(`${app.url}/api/aws/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'INVALID_REQUEST_BODY',
      message: 'Cuerpo de solicitud inválido',
    });
  });

  it('envía las cabeceras de seguridad de helmet', async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
