// The `house/no-import-circle` lint rule: an import that closes a circle between files of its app
// (apps/<app>/src) is an error, unless the circle needs only `import type` and docs/ARCHITECTURE.md
// names each of its files under "### Import circles". The circles are those of
// scripts/import-circles.mjs, computed once per app and lint run.
import { dirname, resolve } from 'node:path';
import { fileCircles, fileOf } from './import-circles.mjs';

const byRoot = new Map();
/** For each file of an app in a refused circle: the circle's files and whether it is type-only. */
function refusedCircles(root) {
  if (!byRoot.has(root)) {
    const { value, typeOnly, relative } = fileCircles(root);
    const refused = new Map();
    const refuse = (members, type) => {
      const circle = { members: new Set(members), type, names: members.map(relative) };
      for (const member of members) refused.set(member, circle);
    };
    for (const members of value) refuse(members, false);
    for (const { members, named } of typeOnly) if (!named) refuse(members, true);
    byRoot.set(root, refused);
  }
  return byRoot.get(root);
}

/** apps/<app>/src of a file, or null for files outside an app's sources. */
function appRootOf(file) {
  const match = file.match(/^(.*\/apps\/[^/]+\/src)\//);
  return match ? match[1] : null;
}

const noImportCircle = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse imports that close a circle between files.' },
    schema: [],
    messages: {
      circle:
        'This import closes a circle between files ({{files}}). Move what both sides need into a file of its own (a type-only circle may be named in docs/ARCHITECTURE.md, "Import circles").',
    },
  },
  create(context) {
    const file = context.filename;
    const root = appRootOf(file);
    if (!root || /\.(test|spec)\.tsx?$/.test(file)) return {};
    const circle = refusedCircles(root).get(file);
    if (!circle) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = fileOf(resolve(dirname(file), specifier));
      if (!target || !circle.members.has(target)) return;
      const shown = circle.names.slice(0, 6).join(', ') + (circle.names.length > 6 ? ', …' : '');
      context.report({ node, messageId: 'circle', data: { files: shown } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'no-import-circle': noImportCircle } };
