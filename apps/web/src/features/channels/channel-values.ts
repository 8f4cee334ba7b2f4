import {
  CHANNEL_SETUP,
  type ChannelConfigField,
  type ChannelSecretField,
  type ChannelTypeName,
} from '@cartera/domain/channels';
import { es } from '@cartera/domain/i18n';

const text = es.channels;
const HEX = /^#[0-9a-fA-F]{6}$/;

/** The channel dialog's values. */
export interface ChannelValues {
  type: ChannelTypeName;
  sandbox: boolean;
  name: string;
  color: string;
  config: Partial<Record<ChannelConfigField, string>>;
  secrets: Partial<Record<ChannelSecretField, string>>;
  roundRobin: { enabled: boolean; userIds: string[] };
  perHour: number | null;
  perDay: number | null;
}

/**
 * What the client checks (the channel's schema is the server's): a name, a hex colour, the
 * type's required configuration and credentials (a saved credential may stay empty) unless it
 * is a sandbox, and someone in the round robin when it is on.
 */
export function clientErrors(values: ChannelValues, saved: ReadonlySet<string>) {
  const errors: Record<string, string> = {};
  const setup = CHANNEL_SETUP[values.type];
  if (!values.name.trim()) errors.name = text.nameRequired;
  if (!HEX.test(values.color)) errors.color = text.colorInvalid;
  if (!values.sandbox) {
    for (const field of setup.requiredConfig) {
      if (!values.config[field]?.trim()) errors[`config.${field}`] = text.required;
    }
    for (const field of setup.requiredSecrets) {
      if (!saved.has(field) && !values.secrets[field]?.trim()) {
        errors[`secrets.${field}`] = text.required;
      }
    }
  }
  if (values.roundRobin.enabled && values.roundRobin.userIds.length === 0) {
    errors['roundRobin.userIds'] = text.roundRobinUsersRequired;
  }
  return errors;
}
