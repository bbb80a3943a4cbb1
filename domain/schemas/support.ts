import { z } from 'zod';
import { PLAN_IDS } from '../plans.ts';
import { RESERVATION_REFERENCE_PATTERN } from '../reservation-reference.ts';
import { SUPPORT_BOUNDS, SUPPORT_STATES } from '../support.ts';

/** Support requests on the wire (/api/support/… for senders, /api/admin/support/… for admins). */

export const SUPPORT_PAGE_SIZE = 20;
export const SUPPORT_MAX_PAGE_SIZE = 100;

export const SUPPORT_MESSAGES = {
  notFound: 'Support request not found',
  unknownReference:
    'None of your bookings has that reference. Check it on My Reservations, or leave it empty.',
  tooManyOpen: `You have ${SUPPORT_BOUNDS.openRequestsMax} open support requests. Please wait for an answer, or add to one of them, before asking something new.`,
  threadFull: 'This conversation is full. Please start a new request.',
  sent: 'Your question was sent. We will answer by email and here.',
  replied: 'Reply sent',
  closed: 'Request closed',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`);

export const SupportMessageBodySchema = z.object({
  message: text('Message', SUPPORT_BOUNDS.messageMax),
});
export type SupportMessageBody = z.infer<typeof SupportMessageBodySchema>;

export const SupportRequestCreateSchema = z.object({
  subject: text('Subject', SUPPORT_BOUNDS.subjectMax),
  message: text('Message', SUPPORT_BOUNDS.messageMax),
  /** "RZ-7K3M9Q", any case; empty means none. */
  booking_reference: z
    .string({ error: 'Booking reference must be text' })
    .trim()
    .toUpperCase()
    .max(20, 'A booking reference looks like RZ-7K3M9Q')
    .refine((value) => value === '' || RESERVATION_REFERENCE_PATTERN.test(value), {
      message: 'A booking reference looks like RZ-7K3M9Q',
    })
    .transform((value) => (value === '' ? null : value))
    .nullish(),
});
export type SupportRequestCreate = z.input<typeof SupportRequestCreateSchema>;

const stateEnum = z.enum(SUPPORT_STATES, { error: 'Please choose open, answered or closed' });

export const SupportRequestSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  state: stateEnum,
  booking_reference: z.string().nullable(),
  created_at: z.string(),
  /** When the last message (either side's) was written. */
  last_message_at: z.string(),
  message_count: z.number(),
});
export type SupportRequestSummary = z.infer<typeof SupportRequestSummarySchema>;

export const SupportRequestListSchema = z.object({ items: z.array(SupportRequestSummarySchema) });
export type SupportRequestList = z.infer<typeof SupportRequestListSchema>;

export const SupportSenderSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.string(),
  /** The business plan the sender is served by; null for clients and admins ("the rest"). */
  plan: z.enum(PLAN_IDS).nullable(),
});
export type SupportSender = z.infer<typeof SupportSenderSchema>;

export const SupportMessageSchema = z.object({
  id: z.string(),
  body: z.string(),
  from_admin: z.boolean(),
  /** "Rentza support" for admins' replies, the sender's name otherwise. */
  author_name: z.string(),
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const SupportThreadSchema = SupportRequestSummarySchema.extend({
  sender: SupportSenderSchema,
  messages: z.array(SupportMessageSchema),
});
export type SupportThread = z.infer<typeof SupportThreadSchema>;

const wholeNumber = (label: string, min: number, max?: number) => {
  const number = z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`);
  const bounded = number.min(min, `${label} must be at least ${min}`);
  return max === undefined ? bounded : bounded.max(max, `${label} must be ${max} or less`);
};

export const SupportInboxQuerySchema = z.object({
  state: stateEnum.optional(),
  page: wholeNumber('Page', 1).default(1),
  page_size: wholeNumber('Page size', 1, SUPPORT_MAX_PAGE_SIZE).default(SUPPORT_PAGE_SIZE),
});
export type SupportInboxQuery = z.input<typeof SupportInboxQuerySchema>;

export const SupportInboxItemSchema = SupportRequestSummarySchema.extend({ sender: SupportSenderSchema });
export type SupportInboxItem = z.infer<typeof SupportInboxItemSchema>;

export const SupportInboxPageSchema = z.object({
  items: z.array(SupportInboxItemSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type SupportInboxPage = z.infer<typeof SupportInboxPageSchema>;
