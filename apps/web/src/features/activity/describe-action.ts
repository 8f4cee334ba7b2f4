import { es, format } from '@cartera/domain/i18n';

type ActionTexts = typeof es.activity.types;

/** The Spanish sentence for one recorded action ('Inició sesión', …). */
export function describeAction(action: { type: string; metadata: Record<string, unknown> }) {
  const template = Object.hasOwn(es.activity.types, action.type)
    ? es.activity.types[action.type as keyof ActionTexts]
    : es.activity.unknown;
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(action.metadata)) {
    if (typeof value === 'string' || typeof value === 'number') values[key] = String(value);
  }
  return format(template, values);
}
