/**
 * Named placeholders of quick replies (03 §5): `{{path.to.value}}` is replaced by the value at
 * that path of the data (the contact, the user, the company), array indexes included
 * (`{{contact.phones.0}}` or `{{contact.phones[0]}}`); a path that leads nowhere, or to
 * something that is not text, a number or a list of them, reads empty. `{{1}}`, a WhatsApp
 * template's numbered parameter, is not a name and stays as it is.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w-]*(?:\s*(?:\.\s*[\w-]+|\[\s*\d+\s*\]))*)\s*\}\}/g;

function valueAt(data: unknown, path: string): unknown {
  const steps = path
    .replace(/\[\s*(\d+)\s*\]/g, '.$1')
    .split('.')
    .map((step) => step.trim())
    .filter(Boolean);
  let current: unknown = data;
  for (const step of steps) {
    if (current === null || typeof current !== 'object') return undefined;
    current = Array.isArray(current)
      ? /^\d+$/.test(step)
        ? current[Number(step)]
        : undefined
      : Object.hasOwn(current, step)
        ? (current as Record<string, unknown>)[step]
        : undefined;
  }
  return current;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) {
    return value
      .map(textOf)
      .filter((each) => each !== '')
      .join(', ');
  }
  return '';
}

export function fillPlaceholders(text: string, data: Record<string, unknown>): string {
  return replacePlaceholders(text, (path) => textOf(valueAt(data, path)));
}

/** The text of the value at `path` of the data, as fillPlaceholders writes it. */
export function placeholderText(data: Record<string, unknown>, path: string): string {
  return textOf(valueAt(data, path));
}

/**
 * Every named placeholder of `text` replaced by what `replace` answers for its path and its
 * offset in the text (shortcut URL templates encode what they insert, 03 §5).
 */
export function replacePlaceholders(
  text: string,
  replace: (path: string, offset: number) => string,
): string {
  return text.replace(PLACEHOLDER, (_, path: string, offset: number) => replace(path, offset));
}
