import { SEARCH_CURSOR_INVALID } from '../../../domain/schemas/property.ts';
import { badRequest } from '../../http/errors.ts';

/**
 * The keyset cursor of the marketplace search (docs/decisions/068): where a page ended, in the
 * search's order (featured first, then price when sorted by price, newest, id). `after` starts the
 * next page right after that listing, however deep, without counting the listings before it.
 * Opaque to callers: base64url of a small JSON array, its created_at with PostgreSQL's microseconds
 * (a JavaScript Date would round them away, and ties would skip or repeat listings).
 */
export interface SearchCursor {
  sort: SearchCursorSort;
  featured: boolean;
  price: number;
  /** created_at as 'YYYY-MM-DDTHH:MM:SS.ffffffZ' (UTC, microseconds). */
  createdAt: string;
  id: string;
}
export type SearchCursorSort = 'newest' | 'price';

const VERSION = 1;
const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeSearchCursor(cursor: SearchCursor): string {
  const { sort, featured, price, createdAt, id } = cursor;
  return Buffer.from(JSON.stringify([VERSION, sort, featured ? 1 : 0, price, createdAt, id])).toString(
    'base64url',
  );
}

/** The cursor `after` names, for a search sorted `sort`; anything else is a 400. */
export function decodeSearchCursor(after: string, sort: SearchCursorSort): SearchCursor {
  const invalid = () => badRequest(SEARCH_CURSOR_INVALID);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== 6) throw invalid();
  const [version, cursorSort, featured, price, createdAt, id] = value as unknown[];
  if (
    version !== VERSION ||
    cursorSort !== sort ||
    (featured !== 0 && featured !== 1) ||
    !Number.isSafeInteger(price) ||
    typeof createdAt !== 'string' ||
    !CREATED_AT.test(createdAt) ||
    Number.isNaN(Date.parse(createdAt)) ||
    typeof id !== 'string' ||
    !UUID.test(id)
  ) {
    throw invalid();
  }
  return { sort, featured: featured === 1, price: price as number, createdAt, id };
}
