import { isAppClientError } from './errors';

/**
 * The server's field errors of a failed request (02 §8 INVALID_REQUEST_BODY): zod's messages by
 * dotted path of the input ('data.phones.0.phone'). Empty for any other failure.
 */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  return (isAppClientError(error) ? error.data?.fieldErrors : undefined) ?? {};
}

/**
 * Places the server's field errors on a form's fields. Each path loses the input's wrapping key
 * (`within`: 'data' of `{ id, data }`, 'values' of the contact sheet) and goes to `place` as its
 * parts ('phones', '0', 'phone'), which names the form field it belongs to, or null when none
 * does. A field keeps the first message it gets; messages of no field are returned in `rest`.
 */
export function placeFieldErrors(
  fieldErrors: Record<string, string[]>,
  place: (parts: string[]) => string | null,
  within?: string,
): { fields: Record<string, string>; rest: string[] } {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const message = messages[0];
    if (!message) continue;
    const inner = within && path.startsWith(`${within}.`) ? path.slice(within.length + 1) : path;
    const field = place(inner.split('.'));
    if (field === null) rest.push(message);
    else fields[field] ??= message;
  }
  return { fields, rest };
}
