import { describe, expect, it } from 'vitest';
import { SLUG_MAX, SLUG_MESSAGES, slugProblem, suggestSlug } from './business-profile.ts';

describe('slugProblem: the rules of a public page address', () => {
  it('accepts lowercase letters, digits and single hyphens of 3 to 40 characters', () => {
    expect(slugProblem('cape-stays')).toBeNull();
    expect(slugProblem('abc')).toBeNull();
    expect(slugProblem('a1-b2-c3')).toBeNull();
    expect(slugProblem('a'.repeat(SLUG_MAX))).toBeNull();
  });

  it('refuses too short and too long addresses', () => {
    expect(slugProblem('ab')).toBe(SLUG_MESSAGES.length);
    expect(slugProblem('a'.repeat(SLUG_MAX + 1))).toBe(SLUG_MESSAGES.length);
  });

  it('refuses capitals, spaces, other characters and misplaced hyphens', () => {
    for (const slug of [
      'Cape-stays',
      'cape stays',
      'cape_stays',
      'cape.stays',
      '-cape',
      'cape-',
      'cape--stays',
      'caf\u00e9',
    ]) {
      expect(slugProblem(slug), slug).toBe(SLUG_MESSAGES.characters);
    }
  });

  it('refuses reserved words', () => {
    for (const slug of ['admin', 'api', 'rentza', 'login', 'support']) {
      expect(slugProblem(slug), slug).toBe(SLUG_MESSAGES.reserved);
    }
  });
});

describe('suggestSlug: an address from the business name', () => {
  it('turns a trading name into a valid slug', () => {
    expect(suggestSlug('Cape Stays (Pty) Ltd')).toBe('cape-stays-pty-ltd');
    expect(suggestSlug('Smith & Sons')).toBe('smith-and-sons');
    expect(suggestSlug('  Caf\u00e9 Kr\u00fcger  ')).toBe('cafe-kruger');
  });

  it('cuts long names on a word boundary within the limit', () => {
    const slug = suggestSlug('The Very Long Name Of A Holiday Rental Business In Cape Town');
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toBe('the-very-long-name-of-a-holiday-rental');
    expect(slugProblem(slug)).toBeNull();
  });

  it('extends short, empty and reserved names so the suggestion is always valid', () => {
    expect(suggestSlug('Jo')).toBe('jo-rentals');
    expect(suggestSlug('!!!')).toBe('my-rentals');
    expect(suggestSlug('Rentza')).toBe('rentza-rentals');
    for (const name of ['Jo', '!!!', 'Rentza', 'Admin', 'X'])
      expect(slugProblem(suggestSlug(name))).toBeNull();
  });
});
