#!/usr/bin/env node
// Prints the import graph between the server's modules (apps/server/src/modules/<name>) and the
// other top folders of apps/server/src, the edges that reach into another module's repository,
// every cycle between modules, and every circle between files (static and dynamic `import()`
// alike; circles made only of `import type` are listed apart, since they vanish at run time).
// Then the same for the web (apps/web/src): its units (each feature, shell, routes, ui, lib and
// the top files), its upward imports and its file circles.
// Exits 1 when either app has more than 3 upward imports, a circle at run time, or a type-only
// circle that docs/ARCHITECTURE.md does not name ("### Import circles"); lint refuses the same.
// Run from the repository root: `node scripts/import-graph.mjs`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileCircles, importsOf, sourceFiles } from './import-circles.mjs';

/** Upward imports each app may keep (issue #34); lint rules hold them there. */
const MAX_UPWARD = 3;
let failed = false;

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

function printCircles(root) {
  const { value, typeOnly, relative: rel } = fileCircles(root);
  print(`\nfile circles at run time (dynamic imports included): ${value.length}`);
  for (const members of value) print(`  ${members.map(rel).join(' <-> ')}`);
  print(`\nfile circles that need an \`import type\`: ${typeOnly.length}`);
  for (const { members, named } of typeOnly) {
    const shown = members.slice(0, 6).map(rel).join(', ');
    const more = members.length > 6 ? ', …' : '';
    print(
      `  ${members.length} files${named ? '' : ' (not named in ARCHITECTURE.md)'}: ${shown}${more}`,
    );
  }
  if (value.length || typeOnly.some(({ named }) => !named)) failed = true;
}
printCircles(root);
if (upward.length > MAX_UPWARD) failed = true;

// The web. Units: each feature, shell, routes, ui, lib, and each top file (router.ts, main.tsx…).
const webRoot = resolve('apps/web/src');
function webUnitOf(path) {
  const parts = relative(webRoot, path).split('/');
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0];
}
/** What sits above a unit: a feature never imports the frame, a route, the router or the entry. */
const TOP = new Set(['router.ts', 'main.tsx', 'providers.tsx', 'routeTree.gen.ts', 'routes']);
function webUpward(from, to) {
  if (from.startsWith('features/')) return TOP.has(to) || to === 'shell';
  if (from === 'ui' || from === 'lib')
    return TOP.has(to) || to === 'shell' || to.startsWith('features/');
  if (from === 'shell') return TOP.has(to);
  return false;
}
const webEdges = new Map();
for (const file of sourceFiles(webRoot)) {
  for (const { target } of importsOf(file, readFileSync(file, 'utf8'))) {
    const from = webUnitOf(file);
    const to = webUnitOf(target);
    if (from !== to) webEdges.set(`${from} -> ${to}`, (webEdges.get(`${from} -> ${to}`) ?? 0) + 1);
  }
}
const webUp = [...webEdges.keys()].filter((key) => webUpward(...key.split(' -> ')));
print(`\n\nweb: edges between units (${webEdges.size}):`);
for (const [key, count] of [...webEdges].sort()) print(`  ${key} (${count})`);
print(
  `\nweb: upward imports (a feature reaching shell/, routes/, router, main or providers; ui/ or lib/ reaching a feature, the frame or a route; shell/ reaching a route): ${webUp.length}`,
);
for (const key of webUp) print(`  ${key}`);
printCircles(webRoot);
if (webUp.length > MAX_UPWARD) failed = true;
process.exit(failed ? 1 : 0);
