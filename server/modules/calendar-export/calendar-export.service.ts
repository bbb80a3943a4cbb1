import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { businessIdOf, canManagePropertiesOf } from '../../../domain/access.ts';
import { addDays, todayInBusinessZone } from '../../../domain/dates.ts';
import { CALENDAR_EXPORT_MESSAGES, type CalendarExport } from '../../../domain/schemas/calendar-export.ts';
import type { Database, User } from '../../db/types.ts';
import { forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { findPropertyById } from '../properties/property.repository.ts';
import { type FeedRow, findOrCreateToken, readFeed, replaceToken } from './calendar-export.repository.ts';
import { type FeedEvent, writeCalendar } from './ical.ts';

/** Calendar export (docs/decisions/052): a listing's private iCal feed and who may see its URL. */

/** Feeds show bookings that ended up to this many days ago, and everything after. */
export const FEED_PAST_DAYS = 90;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const newToken = () => randomBytes(32).toString('base64url');
export const feedPath = (token: string) => `/ical/${token}.ics`;
const exportOf = (origin: string, token: string): CalendarExport => ({ url: `${origin}${feedPath(token)}` });

/**
 * The listing's owner, or its staff with the properties permission (as Property Management). An
 * unknown listing is 404; another business's, 403.
 */
async function requireListingManager(db: Kysely<Database>, user: User | null, propertyId: string) {
  if (!user) throw unauthorized(CALENDAR_EXPORT_MESSAGES.notAuthenticated);
  const business = businessIdOf(user);
  if (!business || !canManagePropertiesOf(user, business))
    throw forbidden(CALENDAR_EXPORT_MESSAGES.forbidden);
  const property = await findPropertyById(db, propertyId);
  if (!property) throw notFound(CALENDAR_EXPORT_MESSAGES.propertyNotFound);
  if (property.owner_id !== business) throw forbidden(CALENDAR_EXPORT_MESSAGES.forbidden);
  return property;
}

/** The feed URL, its token made on the first ask. `origin` is the address people reach the app at. */
export async function getCalendarExport(
  db: Kysely<Database>,
  user: User | null,
  propertyId: string,
  origin: string,
): Promise<CalendarExport> {
  const property = await requireListingManager(db, user, propertyId);
  return exportOf(origin, await findOrCreateToken(db, property.id, newToken()));
}

/** A new token: the old URL answers 404 from now on. */
export async function resetCalendarExport(
  db: Kysely<Database>,
  user: User | null,
  propertyId: string,
  origin: string,
): Promise<CalendarExport> {
  const property = await requireListingManager(db, user, propertyId);
  const token = newToken();
  await replaceToken(db, property.id, token);
  return exportOf(origin, token);
}

export interface RenderedFeed {
  /** A strong validator: a hash of everything the body is written from (not of the body itself). */
  etag: string;
  /** The body, written only when the ETag did not match (the 304 path skips it). */
  body: () => string;
}

/** Changes whenever ical.ts writes the same rows differently, so caches do not keep an old format. */
const FEED_FORMAT = 'rentza-ical-1';

/** The feed a token names (`<token>.ics`), or null for none. No personal data: references only. */
export async function renderFeed(db: Kysely<Database>, fileName: string): Promise<RenderedFeed | null> {
  const token = fileName.endsWith('.ics') ? fileName.slice(0, -4) : '';
  if (!TOKEN_SHAPE.test(token)) return null;
  const rows = await readFeed(db, token, addDays(todayInBusinessZone(), -FEED_PAST_DAYS));
  const first = rows[0];
  if (!first) return null;
  const hash = createHash('sha256').update(`${FEED_FORMAT}\n${first.title}\n`);
  for (const row of rows) {
    hash.update(
      `${row.kind}|${row.id}|${row.reference}|${row.status}|${row.start_date}|${row.end_date}|${row.start_time}|${row.end_time}|${row.stamp ? new Date(row.stamp).getTime() : ''}\n`,
    );
  }
  const etag = `"${hash.digest('base64url').slice(0, 32)}"`;
  return { etag, body: () => writeCalendar({ name: `${first.title} (Rentza)`, events: toEvents(rows) }) };
}

function toEvents(rows: FeedRow[]): FeedEvent[] {
  return rows.flatMap((row): FeedEvent[] => {
    if (!row.kind || !row.id || !row.start_date || !row.end_date || !row.stamp) return [];
    const reservation = row.kind === 'reservation';
    return [
      {
        uid: `${reservation ? 'reservation' : 'block'}-${row.id}@rentza`,
        summary: reservation
          ? `${row.status === 'pending' ? 'Reserved (pending)' : 'Reserved'} – ${row.reference}`
          : 'Blocked',
        status: row.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED',
        startDate: row.start_date,
        endDate: row.end_date,
        startTime: row.start_time,
        endTime: row.end_time,
        stamp: new Date(row.stamp),
      },
    ];
  });
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag);
}
