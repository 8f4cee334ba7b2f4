import type { AnyRouter } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { operationIdOf } from './rest';
import {
  procedureReference,
  type ProcedureEntry,
  type ProcedureReference,
} from './procedure-reference';

/**
 * The developers' references: /api/docs is the OpenAPI document of the REST adapters,
 * /api/docs/procedures the reference of every tRPC procedure (JSON, or a page for a browser).
 */
export function registerDocsRoutes(server: FastifyInstance, appRouter: AnyRouter): void {
  server.get('/api/docs', { schema: { hide: true } }, async () =>
    withOperationIds(server.swagger()),
  );

  let reference: ProcedureReference | undefined;
  server.get('/api/docs/procedures', { schema: { hide: true } }, async (request, reply) => {
    reference ??= procedureReference(appRouter);
    const accept = request.headers.accept ?? '';
    if (accept.includes('text/html')) {
      return reply.type('text/html; charset=utf-8').send(referencePage(reference));
    }
    return reference;
  });
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation gets an operationId: REST adapters set theirs (rest.ts), others get one here. */
function withOperationIds<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, { operationId?: string }>> })
    .paths;
  for (const [path, operations] of Object.entries(paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (METHODS.includes(method)) operation.operationId ??= operationIdOf(method, path);
    }
  }
  return document;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function list(values: readonly string[] | null, empty: string): string {
  return values && values.length > 0 ? values.map(escapeHtml).join(', ') : empty;
}

function procedureSection(entry: ProcedureEntry): string {
  const schema = (label: string, value: unknown) =>
    value === null
      ? `<p><strong>${label}:</strong> none</p>`
      : `<details><summary>${label} (JSON Schema)</summary><pre>${escapeHtml(
          JSON.stringify(value, null, 2),
        )}</pre></details>`;
  return `<section id="${escapeHtml(entry.path)}">
<h3><code>${escapeHtml(entry.path)}</code> <small>${entry.type}</small></h3>
<p>${escapeHtml(entry.description)}</p>
<ul>
<li><strong>Access:</strong> ${entry.access === 'public' ? 'public' : 'signed-in user'}${
    entry.area ? ` · area <code>${escapeHtml(entry.area)}</code>` : ''
  }${entry.slug ? ` · slug <code>${escapeHtml(entry.slug)}</code>` : ''}${
    entry.capability ? ` · capability <code>${escapeHtml(entry.capability)}</code>` : ''
  }</li>
${entry.roles ? `<li><strong>Roles:</strong> ${list(entry.roles, 'none')}</li>` : ''}
${
  entry.usedBy.length > 0
    ? `<li><strong>Used by:</strong> ${list(
        entry.usedBy.map((use) => (use === '*' ? 'every screen (the app frame)' : use)),
        '',
      )}</li>`
    : ''
}
${entry.access === 'session' ? `<li><strong>API token scopes:</strong> ${list(entry.tokenScopes, 'none (a signed-in session only)')}</li>` : ''}
<li><strong>Errors:</strong> ${list(entry.errors, '')}</li>
</ul>
${schema('Input', entry.input)}
${schema('Output', entry.output)}
</section>`;
}

function referencePage(reference: ProcedureReference): string {
  const groups = new Map<string, ProcedureEntry[]>();
  for (const entry of reference.procedures) {
    const group = entry.path.split('.')[0]!;
    groups.set(group, [...(groups.get(group) ?? []), entry]);
  }
  const contents = [...groups.entries()]
    .map(
      ([group, entries]) =>
        `<li><strong>${escapeHtml(group)}</strong>: ${entries
          .map(
            (entry) =>
              `<a href="#${escapeHtml(entry.path)}">${escapeHtml(entry.path.slice(group.length + 1))}</a>`,
          )
          .join(' · ')}</li>`,
    )
    .join('\n');
  const transport = Object.entries(reference.transport)
    .map(([name, text]) => `<li><strong>${escapeHtml(name)}:</strong> ${escapeHtml(text)}</li>`)
    .join('\n');
  const liveEvents = reference.liveEvents
    .map(
      (event) => `<section id="event-${escapeHtml(event.type)}">
<h3><code>${escapeHtml(event.type)}</code> <small>topic <code>${escapeHtml(event.topic)}</code>${
        event.stored ? '' : ' · a notice of one connection (not stored, never replayed)'
      }</small></h3>
<p>${escapeHtml(event.description)}</p>
<p><strong>Receivers:</strong> ${escapeHtml(event.receivers)}</p>
<details><summary>Payload (JSON Schema)</summary><pre>${escapeHtml(
        JSON.stringify(event.payload, null, 2),
      )}</pre></details>
</section>`,
    )
    .join('\n');
  const errors = reference.errors
    .map(
      (error) =>
        `<tr><td><code>${error.code}</code></td><td>${error.httpStatus}</td><td>${escapeHtml(error.message)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(reference.title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 960px; margin: 2rem auto; padding: 0 1rem; color: #1f2933; }
section { border-top: 1px solid #d9e2ec; padding-top: .5rem; }
h3 small { font-weight: normal; color: #627d98; }
pre { background: #f0f4f8; padding: .75rem; overflow-x: auto; font-size: .8rem; }
table { border-collapse: collapse; } td { border: 1px solid #d9e2ec; padding: .25rem .5rem; }
</style></head><body>
<h1>${escapeHtml(reference.title)}</h1>
<p>${reference.procedures.length} procedures. The same reference as JSON: <code>GET /api/docs/procedures</code>
with <code>Accept: application/json</code>. The REST adapters: <a href="/api/docs">/api/docs</a> (OpenAPI).</p>
<h2>Transport</h2><ul>${transport}</ul>
<h2>Procedures</h2><ul>${contents}</ul>
<p>The live events <a href="#realtime.events"><code>realtime.events</code></a> delivers: <a href="#live-events">Live events</a>.</p>
${reference.procedures.map(procedureSection).join('\n')}
<h2 id="live-events">Live events</h2>
<p>Each item of <code>realtime.events</code> is <code>{ id, data }</code>, where <code>data</code> is
<code>{ id, type, topic, payload, actorUserId, createdAt }</code>; <code>type</code> is one of these.</p>
${liveEvents}
<h2>Error codes</h2><table><tr><th>code</th><th>HTTP</th><th>message</th></tr>${errors}</table>
</body></html>`;
}
