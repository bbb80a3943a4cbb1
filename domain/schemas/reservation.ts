import { z } from 'zod';
import { isValidIsoDate } from '../dates.ts';
import { RESERVATION_STATUSES } from '../reservation.ts';

const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(isValidIsoDate, `${label} must be a valid date (YYYY-MM-DD)`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
/** Percentages and rates: minimum 0, two decimals; negatives clamp to 0 as the spec says. */
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

const guestsField = z.number().int('Guests must be a whole number').min(1, 'Guests must be at least 1');

const ReservationFields = z.object({
  property_id: z.uuid('No property ID provided'),
  client_id: z.uuid('Invalid client ID. Please select a valid client.').nullish(),
  new_client: ClientCreateSchema.nullish(),
  start_date: isoDate('Start date'),
  end_date: isoDate('End date'),
  guests: guestsField.default(1),
  special_requests: optionalText(2000),
  voucher_number: optionalText(60),
  purchase_order_number: optionalText(60),
  tax_percent: percent.default(0),
  discount_percent: percent.default(0),
  rate_override_per_day_cents: z
    .number()
    .int()
    .transform((value) => Math.max(0, value))
    .nullish()
    .transform((value) => value ?? null),
});

const datesInOrder = (value: { start_date?: string; end_date?: string }) =>
  !value.start_date || !value.end_date || value.end_date > value.start_date;
const datesMessage = { message: 'End date must be after start date', path: ['end_date'] };

export const ReservationCreateSchema = ReservationFields.refine(datesInOrder, datesMessage);
export type ReservationCreate = z.infer<typeof ReservationCreateSchema>;

/** No defaults: a field left out of an update keeps its stored value (a status change keeps guests, tax, discount). */
export const ReservationUpdateSchema = ReservationFields.omit({ new_client: true })
  .extend({
    status: z.enum(RESERVATION_STATUSES),
    guests: guestsField,
    tax_percent: percent,
    discount_percent: percent,
  })
  .partial()
  .refine(datesInOrder, datesMessage);
export type ReservationUpdate = z.infer<typeof ReservationUpdateSchema>;

export const ReservationListQuerySchema = z.object({
  status: z.enum(RESERVATION_STATUSES).optional(),
  property_id: z.uuid().optional(),
  q: z.string().trim().max(100).optional(),
  from: isoDate('From').optional(),
  to: isoDate('To').optional(),
});
export type ReservationListQuery = z.infer<typeof ReservationListQuerySchema>;
