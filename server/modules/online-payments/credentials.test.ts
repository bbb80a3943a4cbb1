import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { credentialsKey, decryptSecret, encryptSecret } from './credentials.ts';

const KEY = randomBytes(32);
const PASSPHRASE = 'jt7NOE43FZPn-é-✓';

/** Changes one character of the stored part at `index` (0 version, 1 iv, 2 tag, 3 ciphertext). */
function tamper(stored: string, index: number): string {
  const parts = stored.split('.');
  const part = parts[index] ?? '';
  parts[index] = `${part[0] === 'A' ? 'B' : 'A'}${part.slice(1)}`;
  return parts.join('.');
}

describe('encryptSecret / decryptSecret (AES-256-GCM)', () => {
  it('round-trips any text, with a fresh IV each time', () => {
    const first = encryptSecret(PASSPHRASE, KEY);
    const second = encryptSecret(PASSPHRASE, KEY);
    expect(first).not.toBe(second);
    expect(decryptSecret(first, KEY)).toBe(PASSPHRASE);
    expect(decryptSecret(second, KEY)).toBe(PASSPHRASE);
    expect(decryptSecret(encryptSecret('', KEY), KEY)).toBe('');
  });

  it('never stores the plain text (nor its base64)', () => {
    const stored = encryptSecret(PASSPHRASE, KEY);
    expect(stored).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain('jt7NOE43FZPn');
    expect(stored).not.toContain(Buffer.from(PASSPHRASE).toString('base64url').slice(0, 12));
  });

  it('refuses a stored value that was changed (iv, tag or ciphertext)', () => {
    const stored = encryptSecret(PASSPHRASE, KEY);
    for (const index of [1, 2, 3]) expect(() => decryptSecret(tamper(stored, index), KEY)).toThrow();
    expect(() => decryptSecret(stored.replace(/^v1/, 'v2'), KEY)).toThrow('Unreadable stored secret');
    expect(() => decryptSecret('not-a-secret', KEY)).toThrow('Unreadable stored secret');
  });

  it('refuses to decrypt under another key', () => {
    const stored = encryptSecret(PASSPHRASE, KEY);
    expect(() => decryptSecret(stored, randomBytes(32))).toThrow();
  });
});

describe('credentialsKey', () => {
  it('reads PAYMENT_CREDENTIALS_KEY as base64, else the fixed development key', () => {
    const configured = randomBytes(32);
    expect(credentialsKey({ PAYMENT_CREDENTIALS_KEY: configured.toString('base64') })).toEqual(configured);
    const development = credentialsKey({ PAYMENT_CREDENTIALS_KEY: undefined });
    expect(development).toHaveLength(32);
    expect(credentialsKey({ PAYMENT_CREDENTIALS_KEY: undefined })).toEqual(development);
    expect(development).not.toEqual(configured);
  });
});
