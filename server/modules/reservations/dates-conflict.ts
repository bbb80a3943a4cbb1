import { type Kysely, sql } from 'kysely';
import { BLOCK_MESSAGES } from '../../../domain/schemas/blocked-period.ts';
import type { Database } from '../../db/types.ts';
import { DATES_TAKEN_MESSAGE } from '../../http/error-handler.ts';
import { conflict } from '../../http/errors.ts';

/** What a booking's write asked a listing to hold, as its generated `period` (009) is made of it. */
export interface HeldDates {
  propertyId: string;
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
}

const isDatesRefusal = (error: unknown) => (error as { code?: string } | null)?.code === '23P01';

/**
 * The one exclusion constraint of occupied_periods (migrations 035, 047) refused the dates a booking
 * asked for (SQLSTATE 23P01): rethrown as the 409 that says what holds them, a block or another
 * booking, read once the refused transaction is gone. Any other error is rethrown as it is.
 */
export async function rethrowDatesConflict(
  db: Kysely<Database>,
  error: unknown,
  held: HeldDates | null,
): Promise<never> {
  if (!held || !isDatesRefusal(error)) throw error;
  const period =
    held.startTime && held.endTime
      ? sql`tsrange(${held.startDate}::date + ${held.startTime}::time, ${held.startDate}::date + ${held.endTime}::time, '[)')`
      : sql`tsrange(${held.startDate}::date::timestamp, ${held.endDate}::date::timestamp, '[)')`;
  const block = await db
    .selectFrom('occupied_periods')
    .select('block_id')
    .where('property_id', '=', held.propertyId)
    .where('block_id', 'is not', null)
    .where(sql<boolean>`period && ${period}`)
    .executeTakeFirst();
  throw conflict(block ? BLOCK_MESSAGES.datesBlocked : DATES_TAKEN_MESSAGE);
}
