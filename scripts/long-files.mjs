#!/usr/bin/env node
// Lists the hand-written production files over 450 lines, longest first, each with its line count
// and whether docs/ARCHITECTURE.md names it ("Files over 450 lines"), where every one must be named
// with its reason. Exits 1 when one is not named. Run from the repository root:
// `node scripts/long-files.mjs`.
//
// Counted: files tracked by git under apps/*/src and packages/*/src with a source extension.
// Left out: tests (*.test.*, *.spec.*, e2e/), the test harness (src/testing/, *.fake.ts), test
// data (providers/conformance/), generated files (*.gen.ts) and migrations.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LIMIT = 450;
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|css)$/;
const PRODUCTION = /^(apps|packages)\/[^/]+\/src\//;
const NOT_PRODUCTION = [
  /\.(test|spec)\.[a-z]+$/,
  /(^|\/)e2e\//,
  /(^|\/)src\/testing\//,
  /\.fake\.ts$/,
  /\/providers\/conformance\//,
  /\.gen\.ts$/,
  /(^|\/)migrations\//,
];

const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 1 << 26 })
  .split('\0')
  .filter((path) => SOURCE.test(path) && PRODUCTION.test(path))
  .filter((path) => !NOT_PRODUCTION.some((pattern) => pattern.test(path)));

const long = [];
for (const path of files) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    continue; // tracked but deleted in the working tree
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > LIMIT) long.push({ path, lines });
}
long.sort((a, b) => b.lines - a.lines || a.path.localeCompare(b.path));

const architecture = readFileSync('docs/ARCHITECTURE.md', 'utf8');
const section = architecture.split(/^## Files over 450 lines$/m)[1]?.split(/^## /m)[0] ?? '';
const unnamed = [];
for (const { path, lines } of long) {
  const named = section.includes(`\`${path}\``);
  if (!named) unnamed.push(path);
  const note = named ? '' : '  (not named in ARCHITECTURE.md)';
  process.stdout.write(`${String(lines).padStart(5)}  ${path}${note}\n`);
}
process.stdout.write(`${long.length} files over ${LIMIT} lines; ${unnamed.length} not named.\n`);
process.exit(unnamed.length ? 1 : 0);
