/**
 * A business's public page, /b/<slug> (issue 20 item 4, docs/decisions/038). The slug is the page's
 * address: lowercase letters, digits and hyphens, 3 to 40 characters, starting and ending with a
 * letter or digit, never two hyphens in a row, and never a word the app or the brand keeps for itself.
 */
export const SLUG_MIN = 3;
export const SLUG_MAX = 40;

/** Addresses that would read as Rentza's own pages, or that people would mistake for them. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'app',
  'b',
  'billing',
  'book',
  'booking',
  'bookings',
  'business',
  'calendar',
  'dashboard',
  'help',
  'home',
  'login',
  'logout',
  'me',
  'new',
  'official',
  'owner',
  'profile',
  'properties',
  'property',
  'register',
  'rentza',
  'reservation',
  'reservations',
  'root',
  'search',
  'settings',
  'staff',
  'subscription',
  'support',
  'system',
  'terms',
  'users',
  'www',
]);

export const SLUG_MESSAGES = {
  length: `Your address must be ${SLUG_MIN} to ${SLUG_MAX} characters`,
  characters: 'Use lowercase letters, digits and hyphens only (not at the start or end, never two in a row)',
  reserved: 'That address is reserved. Please choose another',
  taken: 'That address is already taken. Please choose another',
} as const;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Why a slug is refused, or null when it may be used (uniqueness is the database's to say). */
export function slugProblem(slug: string): string | null {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX) return SLUG_MESSAGES.length;
  if (!SLUG_PATTERN.test(slug)) return SLUG_MESSAGES.characters;
  if (RESERVED_SLUGS.has(slug)) return SLUG_MESSAGES.reserved;
  return null;
}

/**
 * A slug suggested from the business's name: accents dropped, '&' read as 'and', anything else that is
 * not a letter or digit turned into one hyphen, cut at SLUG_MAX on a word boundary when it can be.
 * Too short or reserved names get '-rentals' added (so 'Rentza' suggests 'rentza-rentals').
 */
export function suggestSlug(name: string): string {
  let slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length > SLUG_MAX) {
    const cut = slug.slice(0, SLUG_MAX + 1);
    const boundary = cut.lastIndexOf('-');
    slug = (boundary >= SLUG_MIN ? cut.slice(0, boundary) : slug.slice(0, SLUG_MAX)).replace(/-+$/, '');
  }
  if (slug.length < SLUG_MIN || RESERVED_SLUGS.has(slug)) {
    slug = `${slug || 'my'}-rentals`.replace(/^-/, '');
  }
  return slug;
}
