#!/usr/bin/env node
// Prints the import graph between the server's modules (apps/server/src/modules/<name>) and the
// other top folders of apps/server/src, the edges that reach into another module's repository,
// every cycle between modules, and every circle between files (static and dynamic `import()`
// alike; circles made only of `import type` are listed apart, since they vanish at run time).
// Run from the repository root: `node scripts/import-graph.mjs`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve('apps/server/src');
const print = (line) => process.stdout.write(`${line}\n`);
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.ts$/.test(name)) files.push(path);
  }
})(root);

/** 'modules/contacts', 'trpc', 'router.ts'… for a file under apps/server/src. */
function unitOf(path) {
  const parts = relative(root, path).split('/');
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts.length > 1 ? parts[0] : parts[0];
}

const edges = new Map();
const repositoryReaches = [];
for (const file of files) {
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/from '(\.[^']+)'/g)) {
    const target = resolve(dirname(file), match[1]);
    const from = unitOf(file);
    const to = unitOf(target);
    if (from === to) continue;
    const key = `${from} -> ${to}`;
    edges.set(key, (edges.get(key) ?? 0) + 1);
    if (from.startsWith('modules/') && to.startsWith('modules/') && /\.repository$/.test(target)) {
      repositoryReaches.push(`${relative(root, file)} -> ${relative(root, target)}`);
    }
  }
}

const moduleGraph = new Map();
for (const key of edges.keys()) {
  const [from, to] = key.split(' -> ');
  if (!from.startsWith('modules/') || !to.startsWith('modules/')) continue;
  if (!moduleGraph.has(from)) moduleGraph.set(from, new Set());
  moduleGraph.get(from).add(to);
}
// Cycles: every strongly connected component with more than one module (Tarjan).
let index = 0;
const stack = [];
const meta = new Map();
const components = [];
function connect(node) {
  meta.set(node, { index, low: index, onStack: true });
  index += 1;
  stack.push(node);
  for (const next of moduleGraph.get(node) ?? []) {
    if (!meta.has(next)) {
      connect(next);
      meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
    } else if (meta.get(next).onStack) {
      meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
    }
  }
  if (meta.get(node).low === meta.get(node).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      meta.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const node of moduleGraph.keys()) if (!meta.has(node)) connect(node);

const upward = [...edges.keys()].filter((key) => {
  const [from, to] = key.split(' -> ');
  return (
    to === 'router.ts' ||
    to === 'app.ts' ||
    ((from === 'trpc' || from === 'lib') && to.startsWith('modules/'))
  );
});

print(`edges between units (${edges.size}):`);
for (const [key, count] of [...edges].sort()) print(`  ${key} (${count})`);
print(
  `\nupward imports (a module or trpc/lib reaching the top router or app, trpc/ or lib/ reaching a module): ${upward.length}`,
);
for (const key of upward) print(`  ${key}`);
print(`\nimports of another module's repository: ${repositoryReaches.length}`);
for (const line of repositoryReaches) print(`  ${line}`);
print(`\nmodule cycles: ${components.length}`);
for (const component of components) print(`  ${component.join(' <-> ')}`);

// Circles between files. An import whose every name is a type is erased by the compiler: a
// circle that needs one of those is listed apart.
function fileOf(path) {
  for (const candidate of [`${path}.ts`, `${path}.tsx`, join(path, 'index.ts'), path]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
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
const valueImports = new Map();
const allImports = new Map();
for (const file of files) {
  const source = readFileSync(file, 'utf8');
  const values = new Set();
  const all = new Set();
  const add = (specifier, isType) => {
    const target = fileOf(resolve(dirname(file), specifier));
    if (!target || target === file) return;
    all.add(target);
    if (!isType) values.add(target);
  };
  for (const match of source.matchAll(
    /^\s*(?:import|export)\s+(type\s+)?([^;'"]*?)\s*from\s+'(\.[^']+)'/gms,
  )) {
    add(match[3], typeOnly(match[1], match[2].trim()));
  }
  for (const match of source.matchAll(/^\s*import\s+'(\.[^']+)'/gm)) add(match[1], false);
  for (const match of source.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)) add(match[1], false);
  valueImports.set(file, values);
  allImports.set(file, all);
}
function circles(graph) {
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
        members.push(relative(root, member));
      } while (member !== node);
      if (members.length > 1) found.push(members.sort());
    }
  }
  for (const node of graph.keys()) if (!seen.has(node)) visit(node);
  return found;
}
const valueCircles = circles(valueImports);
const inValueCircle = new Set(valueCircles.flat());
const typeCircles = circles(allImports).filter(
  (members) => !members.every((member) => inValueCircle.has(member)),
);
print(`\nfile circles (run-time imports, dynamic ones included): ${valueCircles.length}`);
for (const members of valueCircles) print(`  ${members.join(' <-> ')}`);
print(`\nfile circles that need an \`import type\`: ${typeCircles.length}`);
for (const members of typeCircles) {
  print(
    `  ${members.length} files: ${members.slice(0, 6).join(', ')}${members.length > 6 ? ', …' : ''}`,
  );
}
