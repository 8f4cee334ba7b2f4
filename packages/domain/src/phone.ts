import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';

/** 01 §5 and §9: numbers are checked against the tenant's country, Uruguay by default. */
export const DEFAULT_PHONE_COUNTRY = 'UY';

/**
 * A number is valid when any of its variants is: as written, with a leading 0, or with a
 * leading + (an international number typed without it). The contact area (#5) adds the
 * normalisation rules per country on top of this.
 */
export function isValidPhone(raw: string, country: string = DEFAULT_PHONE_COUNTRY): boolean {
  const value = raw.replace(/[\s\-().]/g, '');
  if (!/^\+?\d{4,20}$/.test(value)) return false;
  const region = country.toUpperCase() as CountryCode;
  const variants = [value, `0${value}`, value.startsWith('+') ? value : `+${value}`];
  return variants.some((variant) => {
    try {
      return isValidPhoneNumber(variant, region);
    } catch {
      return false;
    }
  });
}
