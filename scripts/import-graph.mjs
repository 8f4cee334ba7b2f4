#!/usr/bin/env node
// Prints the import graph between the server's modules (apps/server/src/modules/<name>) and the
// other top folders of apps/server/src, the edges that reach into another module's repository,
// and every cycle between modules. Run from the repository root: `node scripts/import-graph.mjs`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve('apps/server/src');
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

console.log(`edges between units (${edges.size}):`);
for (const [key, count] of [...edges].sort()) console.log(`  ${key} (${count})`);
console.log(
  `\nupward imports (a module or trpc/lib reaching the top router or app, trpc/ or lib/ reaching a module): ${upward.length}`,
);
for (const key of upward) console.log(`  ${key}`);
console.log(`\nimports of another module's repository: ${repositoryReaches.length}`);
for (const line of repositoryReaches) console.log(`  ${line}`);
console.log(`\nmodule cycles: ${components.length}`);
for (const component of components) console.log(`  ${component.join(' <-> ')}`);
