import { z } from 'zod';
import { PROPERTY_TYPES } from '../property.ts';
import { RESERVATION_STATUSES } from '../reservation.ts';
import { isoDate } from './reservation.ts';

/** GET /api/today (docs/decisions/055): the day the desk is for, today in Africa/Johannesburg unless named. */
export const TodayQuerySchema = z.object({ date: isoDate('Date').optional() });
export type TodayQuery = z.infer<typeof TodayQuerySchema>;

/** A booking as a row of the desk, with its balance due and deposit held (domain/billing ledgerSummary). */
export const TodayBookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  start_date: z.string(),
  end_date: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  price_unit: z.enum(['night', 'day', 'hour', 'month']),
  /** '3 nights', '14:00–18:00 (4 hours)', '2 months'. */
  duration: z.string(),
  guests: z.number().int(),
  property: z
    .object({ id: z.string(), title: z.string(), type: z.enum(PROPERTY_TYPES), archived: z.boolean() })
    .nullable(),
  client: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }),
  total_price_cents: z.number().int(),
  balance_due_cents: z.number().int(),
  deposit_held_cents: z.number().int(),
  created_at: z.string(),
  /** When the balance falls due under the booking's payment terms (null without terms). */
  balance_due_on: z.string().nullable(),
  /** That date is before the desk's day and money is still owed (domain/payment-reminders.ts). */
  overdue: z.boolean(),
});
export type TodayBooking = z.infer<typeof TodayBookingSchema>;

export const TodayMovementSchema = z.object({
  movement: z.enum(['arrival', 'departure']),
  /** 'Check-in', 'Pick-up', 'Event starts', 'Move-out' … (domain/today.ts MOVEMENT_LABELS). */
  label: z.string(),
  /** An hourly event's time; null for a stay by dates. */
  time: z.string().nullable(),
  booking: TodayBookingSchema,
});
export type TodayMovement = z.infer<typeof TodayMovementSchema>;

export const TodayDaySchema = z.object({
  date: z.string(),
  arrivals: z.array(TodayMovementSchema),
  departures: z.array(TodayMovementSchema),
});

const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

export const TodaySchema = z.object({
  date: z.string(),
  /** Today and tomorrow. */
  days: z.array(TodayDaySchema),
  /** Requests waiting for approval (pending), soonest first. */
  pending: listOf(TodayBookingSchema),
  /**
   * Bookings that start by the end of the week (or began before) and still owe, and any whose balance
   * is overdue: overdue ones first, with what they owe in all.
   */
  balances: listOf(TodayBookingSchema).extend({ total_due_cents: z.number().int() }),
  /** Security deposits still held after the booking ended, with what is held in all. */
  deposits: listOf(TodayBookingSchema).extend({ total_held_cents: z.number().int() }),
  week: z.array(
    z.object({
      date: z.string(),
      arrivals: z.number().int(),
      departures: z.number().int(),
      in_use: z.number().int(),
    }),
  ),
});
export type Today = z.infer<typeof TodaySchema>;
