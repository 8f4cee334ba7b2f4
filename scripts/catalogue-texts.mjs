#!/usr/bin/env node
// Keeps every Spanish text a user reads in the one catalogue (packages/domain/src/i18n). Run from
// the repository root: `node scripts/catalogue-texts.mjs` (part of `npm run lint`). Exits 1 and
// lists each offence with its file and line when:
// - a production file under apps/*/src or packages/domain/src (outside the catalogue) holds a literal that reads as Spanish: a string or template
//   with an accented letter, ¿ or ¡, JSX text, or a literal label, placeholder, title, alt,
//   aria-label or description prop of a JSX element;
// - a catalogue line not marked `// spec: <where>` addresses the reader as vos or usted: our own
//   texts say tú (docs/decisions.md "Words: one form of address"); only the specification's
//   quoted texts, marked so and kept exactly as it writes them, may say otherwise;
// - a catalogue line marked `// spec: <where>` holds no string the specification's files contain.
//   That check runs when SPEC_DIR names the specification's folder (its *.md files); the
//   repository does not hold it.
//
// Comments are never read (the TypeScript parser drops them). Left out: tests (*.test.*, *.spec.*,
// e2e/), the test harness (src/testing/, *.fake.ts), sample content (providers/conformance/, the
// channel sandbox's seed and page, seeds), generated files, the procedures' English descriptions
// for integrators (`description:` in `.meta()`, which quote screen names), and SQL (the `sql` tag).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx)$/;
const PRODUCTION = /^(apps\/[^/]+\/src|packages\/domain\/src)\//;
const NOT_PRODUCTION = [
  /\.(test|spec)\.[a-z]+$/,
  /(^|\/)e2e\//,
  /(^|\/)src\/testing\//,
  /\.fake\.ts$/,
  /\/providers\/conformance\//,
  /\.seed\.ts$/,
  /\/sandbox\.page\.ts$/,
  /\/providers\/sandbox\//,
  /\.gen\.ts$/,
  /^packages\/domain\/src\/i18n\//,
  // Phrases a customer may write, matched to suggest a reminder: read, never shown.
  /^packages\/domain\/src\/suggested-reminders\.ts$/,
  // Pending (issue #34 item 4): the sale and request-sale rules' texts still live beside their
  // schemas (the sale form's messages, the template editor's); the request's field errors
  // (REQUEST_TEXTS, NEW_CLIENT_TEXTS) are in i18n/request-sales-texts.es.ts.
  /^packages\/domain\/src\/(request-sales|sales)\.ts$/,
];
const SPANISH_MARK = /[áéíóúñÁÉÍÓÚÑ¿¡]/;
// A text without accents: a sentence with a word English does not use, or one such word alone.
const SPANISH_WORDS =
  /(^|[\s(])(de|la|el|los|las|del|una|es|este|esta|por|para|con|sin|que|hay|debe|puede|ya|su|sus|al|solo|existe|corresponde|ingresa|elige|selecciona|escribe|nombre|valor|campo|fecha|requerido|requerida|obligatorio|obligatoria|invalido|valido)(?=[\s,.:;)]|$)/i;
const SPANISH_WORD = /^(requerido|requerida|obligatorio|obligatoria|invalido|inválido|vacío)$/i;
// English prose for integrators (route summaries, the API reference) quotes Spanish screen names.
const ENGLISH_WORD = /\b(the|of|it|its|and|or|with|to|in|on|is|an|as|for|from|by)\b/gi;
const spanish = (text) =>
  (text.match(ENGLISH_WORD) ?? []).length < 2 &&
  (SPANISH_MARK.test(text) ||
    SPANISH_WORD.test(text.trim()) ||
    (/\S\s+\S/.test(text) && SPANISH_WORDS.test(text)));
/** Words a person reads: letters, not an address (`https://`, `/training`) or a lone symbol. */
const words = (text) => /[A-Za-zÀ-ÿ]{2}/.test(text) && !/^(https?:\/\/|\/)\S*$/.test(text.trim());
const TEXT_PROPS = new Set([
  'label',
  'placeholder',
  'title',
  'alt',
  'aria-label',
  'description',
  'nothingFoundMessage',
]);
// Not words: punctuation, numbers, symbols and lone letters (a separator, "x" in 1.5x).
const NOT_TEXT = /^[^A-Za-zÀ-ÿ]*[A-Za-z]?[^A-Za-zÀ-ÿ]*$/;

const tracked = execFileSync('git', ['ls-files', '-z', 'apps', 'packages/domain'], {
  encoding: 'utf8',
  maxBuffer: 1 << 26,
})
  .split('\0')
  .filter((path) => SOURCE.test(path) && PRODUCTION.test(path))
  .filter((path) => !NOT_PRODUCTION.some((pattern) => pattern.test(path)));

const offences = [];

function report(file, source, node, text) {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  offences.push(`${file}:${line + 1}  ${JSON.stringify(text.trim().slice(0, 90))}`);
}

/** The property name a literal is the value of, when it is one (`description: '…'`). */
function propertyName(node) {
  const parent = node.parent;
  if (parent && ts.isPropertyAssignment(parent) && parent.initializer === node) {
    return parent.name.getText();
  }
  return undefined;
}

function insideSql(node) {
  for (let at = node.parent; at; at = at.parent) {
    if (ts.isTaggedTemplateExpression(at) && at.tag.getText() === 'sql') return true;
  }
  return false;
}

function scan(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return; // tracked but deleted in the working tree
  }
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const visit = (node) => {
    if (ts.isJsxText(node)) {
      if (!NOT_TEXT.test(node.text.trim())) report(file, source, node, node.text);
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(source);
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value
          : value &&
              ts.isJsxExpression(value) &&
              value.expression &&
              (ts.isStringLiteral(value.expression) ||
                ts.isNoSubstitutionTemplateLiteral(value.expression))
            ? value.expression
            : undefined;
      if (literal && TEXT_PROPS.has(name) && words(literal.text)) {
        report(file, source, literal, literal.text);
        return;
      }
    } else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      if (spanish(node.text) && propertyName(node) !== 'description' && !insideSql(node)) {
        report(file, source, node, node.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

for (const file of tracked) scan(file);

const catalogueDir = 'packages/domain/src/i18n';
const catalogueFiles = readdirSync(catalogueDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => join(catalogueDir, name));

// One form of address: vos and usted forms (imperatives and present tense) outside spec lines.
const OTHER_ADDRESS =
  /(?<!\p{L})(tenés|podés|querés|sabés|debés|elegí|escribí|intentá|seleccioná|ingresá|revisá|completá|guardá|usá|agregá|esperá|probá|volvé|hacé|contactá|asegurate|fijate|inténtelo|actívelo|seleccione|ingrese|elija|contacte|póngase|pongase|verifique|asegúrese|comuníquese|utilice|presione|debe ingresar|usted)(?!\p{L})/iu;
const addressMisses = [];
for (const file of catalogueFiles) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const code = line.trim();
      if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
      if (/\/\/ spec:/.test(line)) return;
      const strings = [...line.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((match) => match[1]);
      if (strings.some((value) => OTHER_ADDRESS.test(value))) {
        addressMisses.push(`${file}:${index + 1}  ${code.slice(0, 90)}`);
      }
    });
}

// Spec texts: every `// spec:` line of the catalogue quotes the specification word for word.
const specDir = process.env.SPEC_DIR;
const specMisses = [];
let specLines = 0;
if (specDir && existsSync(specDir)) {
  const spec = readdirSync(specDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => readFileSync(join(specDir, name), 'utf8'))
    .join('\n');
  for (const file of catalogueFiles) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (!/\/\/ spec:/.test(line)) return;
        specLines += 1;
        const strings = [...line.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)].map(
          (match) => (match[1] ?? match[2]).replace(/\\(.)/g, '$1'),
        );
        const quoted = strings.filter((value) => spec.includes(value.split(/\{\w+\}/)[0]));
        if (strings.length === 0 || quoted.length === 0) {
          specMisses.push(`${file}:${index + 1}  ${line.trim().slice(0, 90)}`);
        }
      });
  }
}

const out = [];
if (offences.length) {
  out.push(
    `${offences.length} Spanish texts outside the catalogue (move each to packages/domain/src/i18n):`,
    ...offences,
  );
}
if (addressMisses.length) {
  out.push(
    `${addressMisses.length} catalogue texts of ours that say vos or usted (ours say tú; a text the specification quotes is marked "// spec: <where>"):`,
    ...addressMisses,
  );
}
if (specMisses.length) {
  out.push(
    `${specMisses.length} catalogue lines marked "// spec:" whose text the specification does not hold:`,
    ...specMisses,
  );
}
out.push(
  `catalogue texts: ${offences.length} strays, ${addressMisses.length} of another form of address, ${specLines} spec lines checked${
    specDir ? '' : ' (SPEC_DIR not set: spec lines not checked)'
  }, ${specMisses.length} not found.`,
);
process.stdout.write(`${out.join('\n')}\n`);
process.exit(offences.length || addressMisses.length || specMisses.length ? 1 : 0);
