import type { Kysely } from 'kysely';
import { canManagePropertiesOf } from '../../../domain/access.ts';
import {
  CALENDAR_IMPORT_MESSAGES,
  type CalendarFeedCreate,
  MAX_FEEDS_PER_LISTING,
} from '../../../domain/schemas/calendar-import.ts';
import type { Database, User } from '../../db/types.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { findPropertyById } from '../properties/property.repository.ts';
import { countFeeds, findFeed, listConflicts, listFeeds } from './calendar-feed.repository.ts';
import { syncFeed } from './calendar-sync.ts';
import type { SafeFetchOptions } from './safe-fetch.ts';

/**
 * Calendar import (issue 22 item 3, docs/decisions/053): a listing's iCal feeds are managed by whoever
 * manages its listings (the owner, staff with the properties permission); clients, admins and other
 * businesses are refused.
 */

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function signedIn(user: User | null): User {
  if (!user) throw unauthorized('You must be logged in to manage calendars.');
  return user;
}

async function manageableListing(db: Kysely<Database>, user: User | null, propertyId: string) {
  const actor = signedIn(user);
  const property = await findPropertyById(db, propertyId);
  if (!property) throw notFound(CALENDAR_IMPORT_MESSAGES.propertyNotFound);
  if (!canManagePropertiesOf(actor, property.owner_id)) throw forbidden(CALENDAR_IMPORT_MESSAGES.forbidden);
  return property;
}

async function manageableFeed(db: Kysely<Database>, user: User | null, feedId: string) {
  const actor = signedIn(user);
  const feed = await findFeed(db, feedId);
  if (!feed) throw notFound(CALENDAR_IMPORT_MESSAGES.feedNotFound);
  if (!canManagePropertiesOf(actor, feed.owner_id)) throw forbidden(CALENDAR_IMPORT_MESSAGES.forbidden);
  return feed;
}

export async function calendarSyncOverview(db: Kysely<Database>, user: User | null, propertyId: string) {
  const property = await manageableListing(db, user, propertyId);
  const [feeds, conflicts] = await Promise.all([listFeeds(db, property.id), listConflicts(db, property.id)]);
  return {
    property: { id: property.id, title: property.title },
    feeds: feeds.map((feed) => ({
      ...feed,
      conflict_count: feed.conflict_count ?? 0,
      created_at: feed.created_at.toISOString(),
      last_synced_at: iso(feed.last_synced_at),
      last_error_at: iso(feed.last_error_at),
    })),
    conflicts: conflicts.map((c) => ({ ...c, detected_at: c.detected_at.toISOString() })),
  };
}

async function feedDto(db: Kysely<Database>, propertyId: string, feedId: string) {
  const feeds = await listFeeds(db, propertyId);
  const feed = feeds.find((f) => f.id === feedId);
  if (!feed) throw notFound(CALENDAR_IMPORT_MESSAGES.feedNotFound);
  return {
    ...feed,
    conflict_count: feed.conflict_count ?? 0,
    created_at: feed.created_at.toISOString(),
    last_synced_at: iso(feed.last_synced_at),
    last_error_at: iso(feed.last_error_at),
  };
}

/**
 * Adds a feed and syncs it at once. A feed whose first sync fails is refused (400 with why) and not
 * kept: an address that was never readable is a typo or the wrong link. Later failures are kept on
 * the feed and shown, with its previous blocks standing.
 */
export async function addFeed(
  db: Kysely<Database>,
  user: User | null,
  propertyId: string,
  input: CalendarFeedCreate,
  fetch: SafeFetchOptions,
) {
  const actor = signedIn(user);
  const property = await manageableListing(db, user, propertyId);
  if (property.archived_at) throw badRequest('An archived listing cannot import calendars.');
  if ((await countFeeds(db, property.id)).n >= MAX_FEEDS_PER_LISTING)
    throw badRequest(CALENDAR_IMPORT_MESSAGES.tooMany);
  const inserted = await db
    .insertInto('calendar_feeds')
    .values({
      property_id: property.id,
      owner_id: property.owner_id,
      label: input.label,
      url: input.url,
      created_by: actor.id,
    })
    .onConflict((oc) => oc.columns(['property_id', 'url']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw conflict(CALENDAR_IMPORT_MESSAGES.duplicate);
  let sync: Awaited<ReturnType<typeof syncFeed>>;
  try {
    sync = await syncFeed(db, inserted.id, { fetch });
  } catch (error) {
    await db.deleteFrom('calendar_feeds').where('id', '=', inserted.id).execute();
    throw error;
  }
  if (!sync.ok) {
    await db.deleteFrom('calendar_feeds').where('id', '=', inserted.id).execute();
    throw badRequest(sync.error ?? `${CALENDAR_IMPORT_MESSAGES.readFailedPrefix}please try again.`);
  }
  const { skipped: _skipped, ...result } = sync;
  return { feed: await feedDto(db, property.id, inserted.id), sync: result };
}

export async function syncFeedNow(
  db: Kysely<Database>,
  user: User | null,
  feedId: string,
  fetch: SafeFetchOptions,
) {
  const feed = await manageableFeed(db, user, feedId);
  const sync = await syncFeed(db, feed.id, { fetch });
  if (sync.skipped) throw conflict('This calendar is being synced right now. Please try again in a moment.');
  const { skipped: _skipped, ...result } = sync;
  return { feed: await feedDto(db, feed.property_id, feed.id), sync: result };
}

/** Removes a feed; its external blocks and conflicts go with it (ON DELETE CASCADE), freeing the dates. */
export async function removeFeed(db: Kysely<Database>, user: User | null, feedId: string) {
  const feed = await manageableFeed(db, user, feedId);
  await db.deleteFrom('calendar_feeds').where('id', '=', feed.id).execute();
}
