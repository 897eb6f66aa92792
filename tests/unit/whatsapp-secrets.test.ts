import { describe, expect, it } from 'vitest';
import { credentialsSchema, templateSendSchema } from '@/lib/whatsapp/schemas';
import { sameSecret, seal, signatureOf, unseal, validSignature } from '@/lib/whatsapp/secrets';
import { changesOf, textOf } from '@/lib/whatsapp/payload';

describe('sealed credentials', () => {
  it('open to the same value, differ each time, and refuse tampering', () => {
    const a = seal('EAAG-secret-token');
    expect(a).not.toContain('EAAG');
    expect(seal('EAAG-secret-token')).not.toBe(a);
    expect(unseal(a)).toBe('EAAG-secret-token');
    const [v, iv, tag, body] = a.split('.');
    const flipped = body.startsWith('A') ? `B${body.slice(1)}` : `A${body.slice(1)}`;
    expect(unseal([v, iv, tag, flipped].join('.'))).toBeNull();
    expect(unseal('garbage')).toBeNull();
    expect(unseal(null)).toBeNull();
  });

  it('compare tokens whole', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
    expect(sameSecret('abc', 'abcd')).toBe(false);
  });
});

describe('webhook signatures', () => {
  const raw = new TextEncoder().encode('{"entry":[]}');
  it('match the HMAC-SHA256 of the exact bytes under the app secret', () => {
    const header = signatureOf(raw, 's3cret');
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(validSignature(raw, header, 's3cret')).toBe(true);
    expect(validSignature(raw, header, 'other')).toBe(false);
    expect(validSignature(new TextEncoder().encode('{"entry":[] }'), header, 's3cret')).toBe(false);
    expect(validSignature(raw, header.replace('sha256=', 'sha1='), 's3cret')).toBe(false);
    expect(validSignature(raw, 'sha256=abc', 's3cret')).toBe(false);
    expect(validSignature(raw, null, 's3cret')).toBe(false);
  });
});

describe('payload reading', () => {
  it('keeps only messages changes with a phone number id, whatever else arrives', () => {
    expect(changesOf(null)).toEqual([]);
    expect(changesOf({ entry: 'x' })).toEqual([]);
    const value = { metadata: { phone_number_id: '1' }, messages: [] };
    expect(
      changesOf({
        entry: [
          {
            changes: [
              { field: 'messages', value },
              { field: 'account_update', value },
              { field: 'messages', value: {} },
            ],
          },
        ],
      }),
    ).toEqual([{ phoneNumberId: '1', value }]);
    expect(textOf({ type: 'location' })).toBe('[location]');
    expect(textOf({ type: 'image', image: { id: 'm', caption: 'hi' } })).toBe('hi');
  });
});

describe('schemas', () => {
  it('need numeric ids and bound the secrets', () => {
    expect(credentialsSchema.safeParse({ phoneNumberId: '123', wabaId: '456' }).success).toBe(true);
    const bad = credentialsSchema.safeParse({ phoneNumberId: 'x1', wabaId: '', appSecret: 'a'.repeat(1025) });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0]).sort()).toEqual(['appSecret', 'phoneNumberId', 'wabaId']);
    expect(templateSendSchema.safeParse({ name: 'hello_world', language: 'en_US' }).success).toBe(true);
    expect(templateSendSchema.safeParse({ name: 'x y', language: 'en_US' }).success).toBe(false);
  });
});
