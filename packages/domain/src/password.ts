import { z } from 'zod';
import { es, format } from './i18n/es';

/** 01 §5 and §9: the password policy, shared by the live checklist and the server. */
export const MIN_PASSWORD_LENGTH = 6;

/** The longest minimum a company may ask for (security rules, issue #17). */
export const MAX_PASSWORD_MIN_LENGTH = 64;

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'digit';
  label: string;
  test: (value: string) => boolean;
}

/**
 * The rules of a new password: the product's own, with the length rule raised to the company's
 * minimum when it asks for more (security rules may only make the policy stricter).
 */
export function passwordRules(minLength = MIN_PASSWORD_LENGTH): readonly PasswordRule[] {
  const length = Math.max(MIN_PASSWORD_LENGTH, minLength);
  return [
    {
      id: 'length',
      label:
        length === MIN_PASSWORD_LENGTH
          ? es.password.ruleLength
          : format(es.password.ruleLengthOf, { n: length }),
      test: (value: string) => value.length >= length,
    },
    {
      id: 'uppercase',
      label: es.password.ruleUppercase,
      test: (value: string) => /\p{Lu}/u.test(value),
    },
    {
      id: 'lowercase',
      label: es.password.ruleLowercase,
      test: (value: string) => /\p{Ll}/u.test(value),
    },
    { id: 'digit', label: es.password.ruleDigit, test: (value: string) => /\d/.test(value) },
  ];
}

/** The product's own rules (the floor every company policy starts from). */
export const PASSWORD_RULES = passwordRules();

export type PasswordRuleId = PasswordRule['id'];

export function checkPassword(
  value: string,
  minLength = MIN_PASSWORD_LENGTH,
): Record<PasswordRuleId, boolean> {
  return Object.fromEntries(
    passwordRules(minLength).map((rule) => [rule.id, rule.test(value)]),
  ) as Record<PasswordRuleId, boolean>;
}

export function isValidNewPassword(value: string, minLength = MIN_PASSWORD_LENGTH): boolean {
  return passwordRules(minLength).every((rule) => rule.test(value));
}

/**
 * Field errors of the change form, in the order the form shows them; empty when it may submit.
 * `minLength` is the company's minimum for the new password (the current one only needs the
 * product's: it may predate a stricter policy).
 */
export function passwordFormErrors(
  input: {
    currentPassword: string;
    newPassword: string;
    repeatPassword: string;
  },
  minLength = MIN_PASSWORD_LENGTH,
): Partial<Record<'currentPassword' | 'newPassword' | 'repeatPassword', string>> {
  const errors: Partial<Record<'currentPassword' | 'newPassword' | 'repeatPassword', string>> = {};
  if (input.currentPassword.length < MIN_PASSWORD_LENGTH) {
    errors.currentPassword = es.password.currentTooShort;
  }
  if (!isValidNewPassword(input.newPassword, minLength))
    errors.newPassword = es.password.newInvalid;
  if (!input.repeatPassword) errors.repeatPassword = es.password.repeatRequired;
  else if (input.repeatPassword !== input.newPassword)
    errors.repeatPassword = es.password.repeatMismatch;
  return errors;
}

export const ZChangePasswordInput = z.object({
  currentPassword: z.string().max(200),
  newPassword: z.string().max(200),
  repeatPassword: z.string().max(200),
});
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;
