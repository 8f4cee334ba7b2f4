import { useState } from 'react';
import {
  firstPart,
  issueErrors,
  serverFormErrors,
  type FieldErrors,
  type FieldPlacer,
  type ServerErrorPlacement,
  type ServerFormErrors,
} from './form-errors';

const NONE: ServerFormErrors = { fields: {}, message: null };

/**
 * A form's errors: the client's once it was submitted, the server's as they come (under their
 * fields, or one message above the buttons) until the field they sit on changes.
 */
export function useFormErrors(clientErrors: FieldErrors, placement: ServerErrorPlacement = {}) {
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<ServerFormErrors>(NONE);
  return {
    submitted,
    /** The message under one field, or null. */
    errorOf: (field: string) =>
      server.fields[field] ?? (submitted ? (clientErrors[field] ?? null) : null),
    /** The save's message above the buttons, or null. */
    message: server.message,
    /** Drops the server's message of a field (the user changed it). */
    clear: (field: string) =>
      setServer((current) =>
        current.fields[field] === undefined
          ? current
          : { ...current, fields: { ...current.fields, [field]: undefined } },
      ),
    /** Places a failed save's error (give it to the mutation's `onError`). */
    onError: (error: unknown) => setServer(serverFormErrors(error, placement)),
    /** Shows a message above the buttons (a check no field owns). */
    showMessage: (message: string) => setServer({ fields: {}, message }),
    /** Forgets every error and that the form was submitted (the values were put back). */
    forget: () => {
      setSubmitted(false);
      setServer(NONE);
    },
    /** Marks the form submitted and forgets the last save's errors; true when the client finds nothing wrong. */
    submit: () => {
      setSubmitted(true);
      setServer(NONE);
      return Object.keys(clientErrors).every((field) => clientErrors[field] === undefined);
    },
  };
}

export type FormErrors = ReturnType<typeof useFormErrors>;

/** The result of a form's schema check, as `safeParse` answers. */
type Parsed<Out> =
  | { success: true; data: Out }
  | {
      success: false;
      error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> };
    };

export interface EntityFormOptions<V, Out> extends ServerErrorPlacement {
  /** The values the form starts with (an item's, or a new one's). */
  initial: V | (() => V);
  /**
   * The domain's schema of what the form sends (packages/domain): its Spanish messages are the
   * client's errors, under the fields `place` names, and its output is what `submit` sends.
   */
  schema?: { safeParse: (input: unknown) => Parsed<Out> };
  /** The schema's input made of the values (by default the values themselves). */
  input?: (values: V) => unknown;
  /** Checks the schema cannot make (a field another one requires), by field. */
  validate?: (values: V) => FieldErrors;
  /** The field a client or server error path belongs to; by default its first part. */
  place?: FieldPlacer;
}

/**
 * What the client finds wrong with a form's values: the domain schema's messages under the
 * fields `place` names, then the form's own checks; `parsed` is the schema's answer (null
 * without a schema).
 */
export function checkForm<V, Out>(
  values: V,
  { schema, input, validate, place = firstPart }: Omit<EntityFormOptions<V, Out>, 'initial'>,
): { parsed: Parsed<Out> | null; errors: FieldErrors } {
  const parsed = schema ? schema.safeParse(input ? input(values) : values) : null;
  return {
    parsed,
    errors: {
      ...(parsed && !parsed.success ? issueErrors(parsed.error.issues, place) : {}),
      ...validate?.(values),
    },
  };
}

/**
 * The state of an entity's form: its values, validated by the domain's schema (and any
 * `validate` of its own) once submitted, and the server's errors placed on its fields. `submit`
 * sends the schema's output (or the values when there is no schema) only when nothing is wrong.
 * `EntityDialog` shows it: fields, the message above the buttons and the actions.
 */
export function useEntityForm<V extends object, Out = V>(options: EntityFormOptions<V, Out>) {
  const placement = { codes: options.codes, within: options.within, place: options.place };
  const [values, setValues] = useState<V>(options.initial);
  const { parsed, errors: clientErrors } = checkForm(values, options);
  const errors = useFormErrors(clientErrors, placement);
  return {
    ...errors,
    values,
    /** Changes one field and drops the server's message under it. */
    set: <K extends keyof V & string>(field: K, value: V[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
      errors.clear(field);
    },
    /** Changes several values; `field` names the error to drop when it is another one. */
    change: (changed: Partial<V>, field?: string) => {
      setValues((current) => ({ ...current, ...changed }));
      for (const key of field ? [field] : Object.keys(changed)) errors.clear(key);
    },
    /** Puts back the values the form started with (or `to`) and forgets its errors. */
    reset: (to?: V) => {
      setValues(to ?? options.initial);
      errors.forget();
    },
    /**
     * Marks the form submitted and, when the client finds nothing wrong, sends the schema's
     * output (or the values).
     */
    submit: (send: (data: Out) => void) => {
      if (!errors.submit()) return;
      if (parsed && !parsed.success) {
        // A schema issue no field takes: said above the buttons.
        const first = parsed.error.issues[0];
        if (first) errors.showMessage(first.message);
        return;
      }
      send(parsed ? parsed.data : (values as unknown as Out));
    },
  };
}

export type EntityForm<V extends object, Out = V> = ReturnType<typeof useEntityForm<V, Out>>;
