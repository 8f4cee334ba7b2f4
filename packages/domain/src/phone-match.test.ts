import { describe, expect, it } from 'vitest';
import { channelOriginOf } from './channel-origins';
import { CHANNEL_TYPES } from './channels';
import { normalizePhone } from './phone';
import {
  equivalentPhones,
  phoneMatchKey,
  providerSenderPhone,
  samePhone,
  storedSenderPhone,
} from './phone-match';

/**
 * Mobiles of every Latin American country as WhatsApp writes the sender (digits, no +) and as a
 * seller types them with the country's own habits; each pair is one customer.
 */
const LATIN_AMERICA: Array<{ country: string; provider: string; typed: string; e164: string }> = [
  { country: 'AR', provider: '5491123456789', typed: '011 15 2345 6789', e164: '+5491123456789' },
  { country: 'BO', provider: '59171234567', typed: '71234567', e164: '+59171234567' },
  { country: 'BR', provider: '5511987654321', typed: '(11) 98765-4321', e164: '+5511987654321' },
  { country: 'CL', provider: '56912345678', typed: '9 1234 5678', e164: '+56912345678' },
  { country: 'CO', provider: '573001234567', typed: '300 1234567', e164: '+573001234567' },
  { country: 'CR', provider: '50688123456', typed: '8812-3456', e164: '+50688123456' },
  { country: 'CU', provider: '5352123456', typed: '5 2123456', e164: '+5352123456' },
  { country: 'DO', provider: '18095551234', typed: '(809) 555-1234', e164: '+18095551234' },
  { country: 'EC', provider: '593991234567', typed: '099 123 4567', e164: '+593991234567' },
  { country: 'SV', provider: '50370123456', typed: '7012 3456', e164: '+50370123456' },
  { country: 'GT', provider: '50251234567', typed: '5123 4567', e164: '+50251234567' },
  { country: 'HN', provider: '50491234567', typed: '9123-4567', e164: '+50491234567' },
  { country: 'MX', provider: '5215512345678', typed: '55 1234 5678', e164: '+525512345678' },
  { country: 'NI', provider: '50581234567', typed: '8123 4567', e164: '+50581234567' },
  { country: 'PA', provider: '50761234567', typed: '6123-4567', e164: '+50761234567' },
  { country: 'PY', provider: '595981123456', typed: '0981 123456', e164: '+595981123456' },
  { country: 'PE', provider: '51912345678', typed: '912 345 678', e164: '+51912345678' },
  { country: 'PR', provider: '17875551234', typed: '(787) 555-1234', e164: '+17875551234' },
  { country: 'UY', provider: '59899123456', typed: '099 123 456', e164: '+59899123456' },
  { country: 'VE', provider: '584121234567', typed: '0412-1234567', e164: '+584121234567' },
];

describe('números de América Latina como los escriben los proveedores', () => {
  it.each(LATIN_AMERICA)(
    '$country: el remitente del proveedor y el número tipeado son un mismo cliente',
    ({ country, provider, typed, e164 }) => {
      const sender = providerSenderPhone(provider)!;
      expect(storedSenderPhone(sender)).toBe(e164);
      const stored = normalizePhone(typed, country);
      expect(stored).toBe(e164);
      expect(samePhone(sender, stored!)).toBe(true);
      expect(equivalentPhones(sender)).toContain(e164);
    },
  );

  it('México: 521 y 52 con los mismos diez dígitos son un cliente, en cualquier sentido', () => {
    expect(equivalentPhones('+5215512345678')).toEqual(
      expect.arrayContaining(['+5215512345678', '+525512345678']),
    );
    expect(equivalentPhones('+525512345678')).toEqual(
      expect.arrayContaining(['+5215512345678', '+525512345678']),
    );
    expect(phoneMatchKey('5215512345678')).toBe(phoneMatchKey('+52 55 1234 5678'));
    expect(samePhone('+525512345678', '+525512345679')).toBe(false);
  });

  it('Argentina: 549 de WhatsApp, +54 11 sin el 9 y 011 15 son un cliente', () => {
    const typedWithoutNine = '+54 11 2345 6789';
    expect(samePhone('5491123456789', typedWithoutNine)).toBe(true);
    expect(equivalentPhones(typedWithoutNine)).toContain('+5491123456789');
    expect(samePhone(normalizePhone('011 15 2345 6789', 'AR')!, '+5491123456789')).toBe(true);
  });

  it('Brasil: el celular con y sin el noveno dígito es un cliente; un fijo no gana un 9', () => {
    expect(samePhone('+5511987654321', '+551187654321')).toBe(true);
    expect(equivalentPhones('+551187654321')).toContain('+5511987654321');
    expect(equivalentPhones('+5511987654321')).toContain('+551187654321');
    // A landline (eight digits starting 2–5) has no ninth-digit form.
    expect(equivalentPhones('+551132654321')).toEqual(['+551132654321']);
  });

  it('un número que la biblioteca rechaza se guarda como vino y nunca se pierde', () => {
    expect(providerSenderPhone('123')).toBe('+123');
    expect(storedSenderPhone('+123')).toBe('+123');
    expect(providerSenderPhone('whatsapp:+59899123456')).toBe('+59899123456');
    expect(providerSenderPhone('')).toBeNull();
    expect(equivalentPhones('+123')).toEqual(['+123']);
  });
});

describe('origen de los contactos que crea un canal', () => {
  it('cada tipo de canal da un origen; el del canal, si lo tiene, manda', () => {
    for (const type of CHANNEL_TYPES) expect(channelOriginOf({ type, config: {} })).not.toBe('');
    expect(channelOriginOf({ type: 'fb', config: { origin: 'campaña' } })).toBe('campaña');
    expect(channelOriginOf({ type: 'whatsapp_business', config: {} })).toBe('whatsapp');
  });
});
