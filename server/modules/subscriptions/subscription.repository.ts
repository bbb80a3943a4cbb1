import { type Kysely, sql } from 'kysely';
import type { PlanUsage } from '../../../domain/plans.ts';
import type { Database, Subscription } from '../../db/types.ts';

type Executor = Kysely<Database>;

/** Every owner gets the free Starter plan when their account is created. */
export async function ensureStarterSubscription(db: Executor, ownerId: string): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values({ owner_id: ownerId })
    .onConflict((oc) => oc.column('owner_id').doNothing())
    .execute();
}

export function findSubscription(db: Executor, ownerId: string): Promise<Subscription | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
}

/** Listings, bookings created this calendar month (Africa/Johannesburg) and team size of a business. */
export async function measureUsage(db: Executor, ownerId: string): Promise<PlanUsage> {
  const row = await sql<{ listings: number; bookings: number; users: number }>`
    SELECT
      (SELECT count(*)::int FROM properties WHERE owner_id = ${ownerId}) AS listings,
      (SELECT count(*)::int FROM reservations
         WHERE owner_id = ${ownerId}
           AND created_at >= date_trunc('month', now() AT TIME ZONE 'Africa/Johannesburg') AT TIME ZONE 'Africa/Johannesburg') AS bookings,
      (SELECT count(*)::int FROM users WHERE id = ${ownerId} OR parent_owner_id = ${ownerId}) AS users
  `.execute(db);
  const usage = row.rows[0];
  return {
    currentListings: usage?.listings ?? 0,
    bookingsThisMonth: usage?.bookings ?? 0,
    usersCount: usage?.users ?? 0,
  };
}
