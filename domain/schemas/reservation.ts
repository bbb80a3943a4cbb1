import { z } from 'zod';
import { dateOutsideWindowMessage, isValidIsoDate, isWithinDateWindow } from '../dates.ts';
import { amountTooHigh, MAX_AMOUNT_CENTS } from '../money.ts';
import { PROPERTY_TYPES } from '../property.ts';
import { MONTHLY_DEFAULTS, TIME_PATTERN } from '../rental-unit.ts';
import { RESERVATION_STATUSES } from '../reservation.ts';

export const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(isValidIsoDate, `${label} must be a valid date (YYYY-MM-DD)`)
    .refine(isWithinDateWindow, dateOutsideWindowMessage(label));
const timeOfDay = (label: string) =>
  z.string().regex(TIME_PATTERN, `${label} must be a time (HH:MM)`).nullish();
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
/** Percentages and rates: minimum 0, two decimals; negatives clamp to 0 as the spec says. */
const TAX_PERCENT_IGNORED =
  'Ignored: the server sets the VAT the prices include (the rate in force for a VAT-registered business, else 0; decision 029)';

const percent = z
  .number()
  .max(100, 'Must be 100 or less')
  .transform((value) => Math.max(0, Math.round(value * 100) / 100));

export const ClientCreateSchema = z.object({
  first_name: z.string().trim().min(1, 'First name is required').max(100),
  last_name: z.string().trim().min(1, 'Last name is required').max(100),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Please enter a valid email'))
    .transform((value) => value.toLowerCase()),
});
export type ClientCreate = z.infer<typeof ClientCreateSchema>;

const guestsField = z
  .number()
  .int('Guests must be a whole number')
  .min(1, 'Guests must be at least 1')
  .max(100_000, 'Guests must be at most 100 000');

const ReservationFields = z.object({
  property_id: z.uuid('No property ID provided'),
  client_id: z.uuid('Invalid client ID. Please select a valid client.').nullish(),
  new_client: ClientCreateSchema.nullish(),
  start_date: isoDate('Start date'),
  /** Nightly and daily listings; hourly and monthly bookings derive it (their day, or N months on). */
  end_date: isoDate('End date').nullish(),
  /** Hourly listings: the times on the start date, on the hour or half hour ('24:00' ends at midnight). */
  start_time: timeOfDay('Start time'),
  end_time: timeOfDay('End time'),
  /** Monthly listings: how many whole months from the start date. */
  months: z
    .number()
    .int('Months must be a whole number')
    .min(1, 'Months must be at least 1')
    .max(MONTHLY_DEFAULTS.maxMonths, `Months cannot be more than ${MONTHLY_DEFAULTS.maxMonths}`)
    .nullish(),
  guests: guestsField.default(1),
  special_requests: optionalText(2000),
  voucher_number: optionalText(60),
  purchase_order_number: optionalText(60),
  /**
   * Accepted and ignored (docs/decisions/029): the VAT a booking's prices include is set by the
   * server — the rate in force for a business registered for VAT, 0 otherwise.
   */
  tax_percent: percent.default(0).describe(TAX_PERCENT_IGNORED),
  /** Off the rental only, never the cleaning fee; part of the one total. Bookings by the business only. */
  discount_percent: percent.default(0),
  rate_override_per_day_cents: z
    .number()
    .int('Rate override must be in whole cents')
    .max(MAX_AMOUNT_CENTS, amountTooHigh('Rate override'))
    .transform((value) => Math.max(0, value))
    .nullish()
    .transform((value) => value ?? null),
});

const datesInOrder = (value: { start_date?: string; end_date?: string | null }) =>
  !value.start_date || !value.end_date || value.end_date > value.start_date;
const datesMessage = { message: 'End date must be after start date', path: ['end_date'] };

export const ReservationCreateSchema = ReservationFields.extend({
  /**
   * The business's rental agreement version the client accepted (GET /api/agreements/:ownerId;
   * docs/decisions/037): required while the business has one in force; ignored for bookings the
   * business makes for a client.
   */
  agreement_version: z.number().int().min(1).max(1_000_000).nullish(),
}).refine(datesInOrder, datesMessage);
export type ReservationCreate = z.infer<typeof ReservationCreateSchema>;
/** What a client sends to book (defaults not yet applied). */
export type ReservationCreateInput = z.input<typeof ReservationCreateSchema>;

/** No defaults: a field left out of an update keeps its stored value (a status change keeps guests, tax, discount). */
export const ReservationUpdateSchema = ReservationFields.omit({ new_client: true })
  .extend({
    status: z.enum(RESERVATION_STATUSES),
    guests: guestsField,
    tax_percent: percent.describe(TAX_PERCENT_IGNORED),
    discount_percent: percent,
  })
  .partial()
  .refine(datesInOrder, datesMessage);
export type ReservationUpdate = z.infer<typeof ReservationUpdateSchema>;
export type ReservationUpdateInput = z.input<typeof ReservationUpdateSchema>;

export const ReservationListQuerySchema = z.object({
  status: z.enum(RESERVATION_STATUSES).optional(),
  property_id: z.uuid().optional(),
  q: z.string().trim().max(100).optional(),
  from: isoDate('From').optional(),
  to: isoDate('To').optional(),
});
export type ReservationListQuery = z.infer<typeof ReservationListQuerySchema>;
export type ReservationListQueryInput = z.input<typeof ReservationListQuerySchema>;

/** Bookable days of a listing from today, and the stays that block the others. */
export const AvailabilitySchema = z.object({
  from: z.string(),
  dates: z.array(z.string()),
  blocked: z.array(z.object({ start: z.string(), end: z.string() })),
  /** Hourly listings: their rules; `dates` then lists the days that still have a free run of the minimum length. */
  hourly: z
    .object({
      bookable_hours: z.object({ start: z.string(), end: z.string() }),
      minimum_hours: z.number(),
    })
    .nullable(),
});
export type Availability = z.infer<typeof AvailabilitySchema>;

/** GET /api/properties/:id/availability/times?date=: an hourly listing's taken times on one day. */
export const DayTimesQuerySchema = z.object({ date: isoDate('Date') });
export const DayTimesSchema = z.object({
  date: z.string(),
  bookable_hours: z.object({ start: z.string(), end: z.string() }),
  minimum_hours: z.number(),
  /** Times held by pending and confirmed bookings (a whole-day booking holds the whole bookable day). */
  taken: z.array(z.object({ start: z.string(), end: z.string() })),
});
export type DayTimes = z.infer<typeof DayTimesSchema>;

/** A reservation as the API returns it (GET/POST/PATCH /api/reservations). */
export const ReservationSchema = z.object({
  id: z.string(),
  /** The short reference people see and quote, e.g. "RZ-7K3M9Q" (domain/reservation-reference.ts). */
  reference: z.string(),
  property_id: z.string(),
  owner_id: z.string(),
  client_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Hourly bookings: their times on start_date; null for bookings by the night, day or month. */
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  /** What it is charged by (domain/rental-unit.ts) and how many: 3 (nights), 4.5 (hours), 2 (months). */
  price_unit: z.enum(['night', 'day', 'hour', 'month']),
  units: z.number(),
  /** The duration in words: '3 nights', '14:00–18:00 (4 hours)', '2 months'. */
  duration: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  total_price_cents: z.number(),
  security_deposit_cents: z.number(),
  guests: z.number(),
  special_requests: z.string().nullable(),
  voucher_number: z.string().nullable(),
  purchase_order_number: z.string().nullable(),
  tax_percent: z.number(),
  discount_percent: z.number(),
  rate_override_per_day_cents: z.number().nullable(),
  /**
   * The rate segments and cleaning fee it was priced at (docs/decisions/029): a new discount re-prices
   * these, not the listing's prices now. Null for bookings made before they were kept.
   */
  booked_rates: z
    .object({
      segments: z.array(
        z.object({
          startDate: z.string(),
          endDate: z.string(),
          units: z.number(),
          rateCents: z.number(),
          source: z.enum(['listing', 'period', 'override']),
          amountCents: z.number(),
        }),
      ),
      cleaningFeeCents: z.number(),
    })
    .nullable(),
  /** The rental agreement version the client accepted and when (docs/decisions/037); null under Rentza's terms. */
  agreement: z.object({ version: z.number(), accepted_at: z.string() }).nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  property: z
    .object({
      title: z.string(),
      type: z.enum(PROPERTY_TYPES),
      location: z.string(),
      city: z.string(),
      cover_url: z.string().nullable(),
      /** The listing was archived (deleted while it had reservations); its reservations still name it. */
      archived: z.boolean(),
    })
    .nullable(),
  client: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }),
});
export type Reservation = z.infer<typeof ReservationSchema>;

/** A business's client record as the API returns it (GET/POST /api/clients). */
export const ClientSchema = z.object({
  id: z.string(),
  owner_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  region: z.string().nullable(),
  is_active: z.boolean(),
  registered: z.boolean(),
});
export type Client = z.infer<typeof ClientSchema>;

/** What removing a client did (DELETE /api/clients/:id). */
export const ClientRemovedSchema = z.object({ cancelled_reservations: z.number() });
