#!/usr/bin/env node
// Checks the index at the head of docs/decisions.md: every section (`## `) below it is linked
// from the index, and every link of the index points at a section that exists. Exits 1 and lists
// what is missing or broken. Run from the repository root: `node scripts/decisions-index.mjs`.
import { readFileSync } from 'node:fs';

const INDEX = 'Index by area';
const text = readFileSync('docs/decisions.md', 'utf8');

/** The anchor a Markdown renderer (GitHub's rules) gives a heading. */
function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

const sections = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
if (!sections.includes(INDEX)) {
  console.error(`docs/decisions.md has no '## ${INDEX}' section`);
  process.exit(1);
}
const start = text.indexOf(`## ${INDEX}`);
const end = text.indexOf('\n## ', start + 1);
const index = text.slice(start, end === -1 ? undefined : end);
const linked = new Set([...index.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]));
const anchors = new Set(sections.map(anchorOf));

const unlisted = sections.filter((section) => section !== INDEX && !linked.has(anchorOf(section)));
const broken = [...linked].filter((anchor) => !anchors.has(anchor));
for (const section of unlisted) console.error(`not in the index: ## ${section}`);
for (const anchor of broken) console.error(`index link to no section: #${anchor}`);
if (unlisted.length || broken.length) process.exit(1);
console.log(`docs/decisions.md: ${sections.length - 1} sections, all in the index`);
