import { describe, expect, it } from 'vitest';
import { storedBody, storedField } from './notification-limits.ts';

describe('what is stored of a notification body', () => {
  it('keeps a body within the bound as it is', () => {
    expect(storedBody('a=1&b=2', 100)).toEqual({ raw_body: 'a=1&b=2', body_bytes: 7, body_truncated: false });
  });

  it('cuts a longer body on a character boundary and says how large it was', () => {
    const body = `${'a'.repeat(9)}é${'b'.repeat(10)}`; // é is two bytes, at bytes 9 and 10
    expect(storedBody(body, 10)).toEqual({ raw_body: 'a'.repeat(9), body_bytes: 21, body_truncated: true });
    expect(storedBody(body, 11)).toEqual({
      raw_body: `${'a'.repeat(9)}é`,
      body_bytes: 21,
      body_truncated: true,
    });
  });

  it('shows NUL bytes, which PostgreSQL text refuses, as U+FFFD', () => {
    expect(storedBody('a=\u0000', 100).raw_body).toBe('a=\uFFFD');
    expect(storedField('1\u00002')).toBe('1\uFFFD2');
  });

  it('bounds a short field and keeps an absent one absent', () => {
    expect(storedField('x'.repeat(500))).toHaveLength(100);
    expect(storedField(undefined)).toBeNull();
    expect(storedField('')).toBeNull();
  });
});
