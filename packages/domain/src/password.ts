import { z } from 'zod';
import { es } from './i18n/es';

/** 01 §5 and §9: the password policy, shared by the live checklist and the server. */
export const MIN_PASSWORD_LENGTH = 6;

export const PASSWORD_RULES = [
  {
    id: 'length',
    label: es.password.ruleLength,
    test: (value: string) => value.length >= MIN_PASSWORD_LENGTH,
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
] as const;

export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id'];

export function checkPassword(value: string): Record<PasswordRuleId, boolean> {
  return Object.fromEntries(PASSWORD_RULES.map((rule) => [rule.id, rule.test(value)])) as Record<
    PasswordRuleId,
    boolean
  >;
}

export function isValidNewPassword(value: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(value));
}

/** Field errors of the change form, in the order the form shows them; empty when it may submit. */
export function passwordFormErrors(input: {
  currentPassword: string;
  newPassword: string;
  repeatPassword: string;
}): Partial<Record<'currentPassword' | 'newPassword' | 'repeatPassword', string>> {
  const errors: Partial<Record<'currentPassword' | 'newPassword' | 'repeatPassword', string>> = {};
  if (input.currentPassword.length < MIN_PASSWORD_LENGTH) {
    errors.currentPassword = es.password.currentTooShort;
  }
  if (!isValidNewPassword(input.newPassword)) errors.newPassword = es.password.newInvalid;
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
