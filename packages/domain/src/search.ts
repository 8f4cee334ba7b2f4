import { parsePhone } from './phone';

/** Lowercase without accents: 'Pérez' and 'PEREZ' both become 'perez'. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/**
 * The searchable text of a contact (issue #5 §4): names, gov id and e-mails folded, and each
 * phone's digits in international (59899123456) and national (099123456) form, so a number
 * typed in any format matches.
 */
export function contactSearchText(
  contact: {
    firstName: string;
    lastName?: string | null;
    govId?: string | null;
    emails?: readonly string[];
    phones?: readonly string[];
  },
  country?: string,
): string {
  const phoneForms = (contact.phones ?? []).flatMap((phone) => {
    const parsed = parsePhone(phone, country);
    if (!parsed) return [phone.replace(/\D/g, '')];
    return [parsed.e164.replace(/\D/g, ''), parsed.national.replace(/\D/g, '')];
  });
  return [
    contact.firstName,
    contact.lastName ?? '',
    contact.govId ?? '',
    ...(contact.emails ?? []),
    ...phoneForms,
  ]
    .map(foldText)
    .filter(Boolean)
    .join(' ');
}

/** A search term folded the same way; a term that is mostly digits searches phone digits. */
export function foldSearchTerm(term: string): string {
  const folded = foldText(term);
  const digits = folded.replace(/\D/g, '');
  return digits.length >= 4 && digits.length >= folded.replace(/\s/g, '').length - 2
    ? digits
    : folded;
}
