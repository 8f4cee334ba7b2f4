import type { CampaignParameter } from '@cartera/db/schema';
import type { segmentPage } from './campaigns.repository';

/** The values a campaign's template gets for each contact (issue #42 item 2). */

export type SegmentContact = Awaited<ReturnType<typeof segmentPage>>[number];

/** A placeholder's value for a contact, or null when the contact has none. */
function parameterValue(parameter: CampaignParameter, contact: SegmentContact): string | null {
  const text = (value: unknown) =>
    typeof value === 'string'
      ? value.trim() || null
      : typeof value === 'number'
        ? String(value)
        : null;
  switch (parameter.source) {
    case 'text':
      return parameter.value;
    case 'custom':
      return text(contact.additionalData[parameter.code]);
    case 'field':
      switch (parameter.field) {
        case 'firstName':
          return text(contact.firstName);
        case 'lastName':
          return text(contact.lastName);
        case 'fullName':
          return text([contact.firstName, contact.lastName].filter(Boolean).join(' '));
        case 'email':
          return text(contact.emails[0]);
        case 'govId':
          return text(contact.govId);
      }
  }
}

/** A placeholder's name in a list of missing values. */
function parameterLabel(parameter: CampaignParameter) {
  return parameter.source === 'custom'
    ? parameter.code
    : parameter.source === 'field'
      ? parameter.field
      : 'texto';
}

export function parametersOf(parameters: CampaignParameter[], contact: SegmentContact) {
  const values = parameters.map((each) => parameterValue(each, contact));
  const missing = parameters.filter((_, index) => values[index] === null).map(parameterLabel);
  return { values: values.map((value) => value ?? ''), missing };
}
