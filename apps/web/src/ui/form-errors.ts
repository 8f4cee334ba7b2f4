import { domainCodeOf, errorDetailsOf, userMessageOf } from '../lib/errors';
import { fieldErrorsOf, placeFieldErrors } from '../lib/field-errors';

/** A form's messages by field name ('name', 'config.phoneNumberId'). */
export type FieldErrors = Partial<Record<string, string>>;

/** Names the form field a path belongs to ('phones', '0', 'phone' → 'phones'), or null. */
export type FieldPlacer = (parts: string[]) => string | null;

/** The default placer: a path belongs to the field of its first part. */
export const firstPart: FieldPlacer = (parts) => parts[0] ?? null;

/** How a form places what the server answered. */
export interface ServerErrorPlacement {
  /** Domain codes whose message belongs under a field (`USER_EMAIL_TAKEN` → 'email'). */
  codes?: Record<string, string> | ((code: string) => string | null);
  /** The input's key wrapping the form's fields ('data' of `{ id, data }`, 'values'). */
  within?: string | undefined;
  /** The field a path (without `within`) belongs to; by default its first part. */
  place?: FieldPlacer | undefined;
}

/** What a failed save shows: messages under fields, and at most one above the buttons. */
export interface ServerFormErrors {
  fields: FieldErrors;
  message: string | null;
}

/**
 * The first message of each field of a failed schema check (zod's issues), placed like the
 * server's: the domain schema's own Spanish messages land under the fields they name.
 */
export function issueErrors(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
  place: FieldPlacer = firstPart,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = place(issue.path.map(String));
    if (field !== null) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The server's answer on a form. A domain code the form names goes under its field (a taken
 * code or e-mail); a domain error's `details.field` or `details.fields` under theirs; zod's field
 * errors (INVALID_REQUEST_BODY) under the fields their paths name; anything else, and a message
 * no field takes, above the buttons.
 */
export function serverFormErrors(
  error: unknown,
  { codes, within, place = firstPart }: ServerErrorPlacement = {},
): ServerFormErrors {
  const code = domainCodeOf(error);
  const coded = code ? (typeof codes === 'function' ? codes(code) : (codes?.[code] ?? null)) : null;
  if (coded) return { fields: { [coded]: userMessageOf(error) }, message: null };

  const details = errorDetailsOf(error);
  if (typeof details?.field === 'string') {
    const field = place(details.field.split('.'));
    if (field !== null) return { fields: { [field]: userMessageOf(error) }, message: null };
  }
  const detailFields = details?.fields;
  const fromDetails =
    detailFields && typeof detailFields === 'object'
      ? Object.fromEntries(
          Object.entries(detailFields as Record<string, unknown>).flatMap(([path, message]) =>
            typeof message === 'string' ? [[path, [message]]] : [],
          ),
        )
      : {};

  const placed = placeFieldErrors({ ...fromDetails, ...fieldErrorsOf(error) }, place, within);
  const placedAny = Object.keys(placed.fields).length > 0;
  return {
    fields: placed.fields,
    message: placedAny ? (placed.rest[0] ?? null) : userMessageOf(error),
  };
}
