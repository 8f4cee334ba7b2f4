import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets a tenant gives the server (a provider's access token, app secret or API key) are
 * stored encrypted: AES-256-GCM with a random 96-bit nonce, as `v1.<nonce>.<tag>.<ciphertext>`
 * (base64url). The key is the instance's `SECRETS_KEY` (env.ts). They are never sent back: the
 * answers say only which secrets are set.
 */
const VERSION = 'v1';

export function sealSecrets(key: Buffer, secrets: Record<string, string>): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens what sealSecrets wrote; throws if it was altered or sealed with another key. */
export function openSecrets(key: Buffer, sealed: string | null): Record<string, string> {
  if (!sealed) return {};
  const [version, nonce, tag, data] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || data === undefined) {
    throw new Error('sealed secrets: unknown format');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as Record<string, string>;
}

/*
 * A secret kept in a tenant's configuration (`groups.configs`: the external contact system's
 * token) is read by services that take no dependencies (the contact sheet's), so the instance's
 * key is set once by the app, as the outbound policy is (`configureSecretBox` in app.ts).
 */
let instanceKey: Buffer | null = null;

/** Set once by the app from its environment (`SECRETS_KEY`, env.ts). */
export function configureSecretBox(key: Buffer): void {
  instanceKey = key;
}

function requireKey(): Buffer {
  if (!instanceKey) throw new Error('secret box: no key configured (configureSecretBox)');
  return instanceKey;
}

/** One secret sealed with the instance's key (the format of sealSecrets). */
export function sealSecret(value: string): string {
  return sealSecrets(requireKey(), { value });
}

/** Opens what sealSecret wrote; throws if it was altered or sealed with another key. */
export function openSecret(sealed: string): string {
  const value = openSecrets(requireKey(), sealed).value;
  if (typeof value !== 'string') throw new Error('sealed secret: no value');
  return value;
}
