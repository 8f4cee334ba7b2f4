// Circles between the files of one source folder (apps/server/src, apps/web/src): what
// scripts/import-graph.mjs prints and the `house/no-import-circle` lint rule refuses. Static
// imports, re-exports and dynamic `import()` count alike; an import whose every name is a type is
// erased by the compiler, so a circle that needs one is "type-only". A type-only circle is allowed
// when docs/ARCHITECTURE.md names each of its files (as `apps/…`) under "### Import circles".
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Production sources under a folder: .ts and .tsx files, tests left out. */
export function sourceFiles(root) {
  const files = [];
  (function walk(dir) {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name)) files.push(path);
    }
  })(root);
  return files;
}

/** The file a relative specifier names, or null (a stylesheet, a missing file). */
export function fileOf(path) {
  for (const candidate of [
    `${path}.ts`,
    `${path}.tsx`,
    join(path, 'index.ts'),
    join(path, 'index.tsx'),
    path,
  ]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) {
      return candidate;
    }
  }
  return null;
}

function typeOnly(keyword, clause) {
  if (keyword) return true;
  const named = clause.match(/^\{([^}]*)\}$/s);
  if (!named) return false;
  const names = named[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** The relative imports of a source text: each target file and whether only types cross. */
export function importsOf(file, source) {
  const found = [];
  const add = (specifier, type) => {
    const target = fileOf(resolve(dirname(file), specifier));
    if (target && target !== file) found.push({ specifier, target, type });
  };
  for (const match of source.matchAll(
    /^\s*(?:import|export)\s+(type\s+)?([^;'"]*?)\s*from\s+'(\.[^']+)'/gms,
  )) {
    add(match[3], typeOnly(match[1], match[2].trim()));
  }
  for (const match of source.matchAll(/^\s*import\s+'(\.[^']+)'/gm)) add(match[1], false);
  for (const match of source.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)) add(match[1], false);
  return found;
}

/** Strongly connected sets of more than one file (Tarjan), each sorted. */
function components(graph) {
  let next = 0;
  const seen = new Map();
  const path = [];
  const found = [];
  function visit(node) {
    seen.set(node, { index: next, low: next, onPath: true });
    next += 1;
    path.push(node);
    for (const target of graph.get(node) ?? []) {
      if (!seen.has(target)) {
        visit(target);
        seen.get(node).low = Math.min(seen.get(node).low, seen.get(target).low);
      } else if (seen.get(target).onPath) {
        seen.get(node).low = Math.min(seen.get(node).low, seen.get(target).index);
      }
    }
    if (seen.get(node).low === seen.get(node).index) {
      const members = [];
      let member;
      do {
        member = path.pop();
        seen.get(member).onPath = false;
        members.push(member);
      } while (member !== node);
      if (members.length > 1) found.push(members.sort());
    }
  }
  for (const node of graph.keys()) if (!seen.has(node)) visit(node);
  return found;
}

/** Files named under "### Import circles" of docs/ARCHITECTURE.md, as absolute paths. */
export function namedCircleFiles(repositoryRoot) {
  const text = readFileSync(join(repositoryRoot, 'docs/ARCHITECTURE.md'), 'utf8');
  const section = text.split(/^### Import circles$/m)[1]?.split(/^##/m)[0] ?? '';
  return new Set([...section.matchAll(/`(apps\/[^`]+)`/g)].map((m) => join(repositoryRoot, m[1])));
}

/**
 * The circles of a source folder: `value` (at run time: an error wherever it is) and `typeOnly`
 * (each with `named`: whether ARCHITECTURE.md names all its files). Paths are absolute.
 */
export function fileCircles(root, repositoryRoot = resolve(root, '../../..')) {
  const valueImports = new Map();
  const allImports = new Map();
  for (const file of sourceFiles(root)) {
    const imports = importsOf(file, readFileSync(file, 'utf8'));
    allImports.set(file, new Set(imports.map((each) => each.target)));
    valueImports.set(
      file,
      new Set(imports.filter((each) => !each.type).map((each) => each.target)),
    );
  }
  const value = components(valueImports);
  const inValue = new Set(value.flat());
  const named = namedCircleFiles(repositoryRoot);
  const typeOnlyCircles = components(allImports)
    .filter((members) => !members.every((member) => inValue.has(member)))
    .map((members) => ({ members, named: members.every((member) => named.has(member)) }));
  return { value, typeOnly: typeOnlyCircles, relative: (path) => relative(root, path) };
}
