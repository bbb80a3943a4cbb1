import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import { type LedgerLine, ledgerSummary, unbilledTotalOf } from '../../../domain/billing.ts';
import { addDays, formatDisplayDate, type IsoDate, todayInBusinessZone } from '../../../domain/dates.ts';
import { plainRandCents } from '../../../domain/money.ts';
import { amountsDue, type PaymentTerms, securityDepositOutstanding } from '../../../domain/payment-plan.ts';
import {
  REMINDER_DAYS_BEFORE,
  type ReminderKind,
  reminderKindOn,
  reminderSubject,
} from '../../../domain/payment-reminders.ts';
import { describeDuration, priceUnitFor } from '../../../domain/rental-unit.ts';
import type { Database } from '../../db/types.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { type MailBrand, renderActionMail } from '../../platform/mail/templates.ts';
import type { OutgoingMail } from '../../platform/mail/transports.ts';
import { mailBrandOf } from '../business-profile/mail-brand.ts';
import { overdueBalanceNotice } from '../in-app-notifications/booking-notices.ts';
import { notifyUsers, reservationManagersOf } from '../in-app-notifications/in-app-notifications.service.ts';
import { keepWantedMail } from '../notification-settings/notification-settings.service.ts';
import { shortTime } from '../reservations/booked-period.ts';
import { BALANCE_DUE, sumLinesByKind } from '../reservations/reservation.repository.ts';
import { createPaymentLink } from './payment-links.ts';

/**
 * The balance reminders (issue 23 item 4, docs/decisions/062). Each pass finds confirmed bookings whose
 * balance falls due within REMINDER_DAYS_BEFORE days or has passed, and emails the client once per
 * booking, kind and due date with a fresh payment link. The reminder row (payment_reminders, primary
 * key reservation_id + kind + due_on) is inserted ON CONFLICT DO NOTHING in the same transaction as the
 * email and the link: of two processes that see the same booking, the second inserts nothing and sends
 * nothing (on PostgreSQL it waits for the first's commit, then finds the row).
 */

/** Bookings looked at per pass; the rest are due on the next pass. */
const REMINDERS_PER_PASS = 200;

export interface ReminderCounts {
  sent: number;
  /** Due but nothing to send: paid meanwhile, or already sent by another process. */
  skipped: number;
}

function candidates(db: Kysely<Database>, today: IsoDate) {
  return db
    .selectFrom('reservations as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .leftJoin('properties as p', 'p.id', 'r.property_id')
    .select([
      'r.id',
      'r.owner_id',
      'r.reference',
      'r.status',
      'r.start_date',
      'r.end_date',
      'r.start_time',
      'r.end_time',
      'r.total_price_cents',
      'r.security_deposit_cents',
      'r.payment_terms',
      'r.deposit_due_cents',
      'r.balance_due_on',
      'c.first_name',
      'c.last_name',
      'c.email',
      'p.title as property_title',
      'p.type as property_type',
    ])
    .where('r.status', '=', 'confirmed')
    .where('r.payment_terms', 'is not', null)
    .where('r.balance_due_on', 'is not', null)
    .where('r.balance_due_on', '<=', addDays(today, REMINDER_DAYS_BEFORE))
    .where(BALANCE_DUE, '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payment_reminders as pr')
            .select('pr.reservation_id')
            .whereRef('pr.reservation_id', '=', 'r.id')
            .whereRef('pr.due_on', '=', 'r.balance_due_on')
            .where(
              'pr.kind',
              '=',
              sql<ReminderKind>`CASE WHEN r.balance_due_on < ${today}::date THEN 'overdue' ELSE 'before_due' END`,
            ),
        ),
      ),
    )
    .orderBy('r.balance_due_on')
    .orderBy('r.id')
    .limit(REMINDERS_PER_PASS)
    .execute();
}

type Candidate = Awaited<ReturnType<typeof candidates>>[number];

/** The client's reminder: what is due, by when, for which booking, and the link to pay it. */
export function reminderMail(input: {
  kind: ReminderKind;
  booking: Candidate;
  cents: number;
  dueOn: IsoDate;
  payUrl: string;
  brand: MailBrand;
}): OutgoingMail {
  const { booking, kind } = input;
  const unit = priceUnitFor(booking.property_type ?? 'accommodation');
  const startTime = shortTime(booking.start_time);
  const endTime = shortTime(booking.end_time);
  const duration = describeDuration(unit, {
    startDate: booking.start_date,
    endDate: booking.end_date,
    startTime,
    endTime,
  });
  const when =
    startTime && endTime
      ? `Date: ${formatDisplayDate(booking.start_date)}, ${duration}`
      : `Dates: ${formatDisplayDate(booking.start_date)} to ${formatDisplayDate(booking.end_date)} (${duration})`;
  const opener =
    kind === 'overdue'
      ? `The balance of ${plainRandCents(input.cents)} for your booking with ${input.brand.name} was due on ${formatDisplayDate(input.dueOn)} and has not been paid yet. Please pay it now with the link below.`
      : `This is a reminder that the balance of ${plainRandCents(input.cents)} for your booking with ${input.brand.name} is due on ${formatDisplayDate(input.dueOn)}. You can pay it online with the link below.`;
  return renderActionMail({
    to: booking.email,
    subject: reminderSubject(kind, input.cents, input.dueOn, booking.reference),
    greetingName: `${booking.first_name} ${booking.last_name}`.trim(),
    paragraphs: [
      opener,
      `Amount due: ${plainRandCents(input.cents)}`,
      `Due date: ${formatDisplayDate(input.dueOn)}`,
      `Property: ${booking.property_title ?? 'Listing removed'}`,
      when,
      `Reservation ID: ${booking.reference}`,
      `Business: ${input.brand.name}`,
    ],
    action: { label: `Pay ${plainRandCents(input.cents)}`, url: input.payUrl },
    footnote: 'If you have paid in the meantime, please ignore this reminder.',
    brand: input.brand,
  });
}

/** What the booking owes on its balance date (or now, once overdue), from its terms and its ledger. */
function amountOf(booking: Candidate, lines: LedgerLine[], kind: ReminderKind, today: IsoDate): number {
  const stored = booking.payment_terms as PaymentTerms;
  const dueOn = booking.balance_due_on as IsoDate;
  const terms = {
    ...stored,
    balanceDueOn: dueOn,
    depositDueCents: booking.deposit_due_cents ?? stored.depositDueCents,
  };
  const ledger = ledgerSummary(
    lines,
    unbilledTotalOf({ status: booking.status, totalPriceCents: booking.total_price_cents }),
  );
  return amountsDue(
    terms,
    {
      balanceDueCents: ledger.balanceDueCents,
      paymentsCents: ledger.paymentsCents,
      securityDepositOutstandingCents: securityDepositOutstanding(booking.security_deposit_cents, lines),
    },
    kind === 'overdue' ? today : dueOn,
  ).nowCents;
}

/** One pass: every reminder due on `now`'s Johannesburg day that has not gone out yet. */
export async function runPaymentReminders(
  db: Kysely<Database>,
  options: { publicUrl: string; now?: Date; logger?: Pick<Logger, 'error'> },
): Promise<ReminderCounts> {
  const now = options.now ?? new Date();
  const today = todayInBusinessZone(now);
  const rows = await candidates(db, today);
  const counts: ReminderCounts = { sent: 0, skipped: 0 };
  if (rows.length === 0) return counts;
  const linesOf = new Map<string, LedgerLine[]>();
  for (const sum of await sumLinesByKind(
    db,
    rows.map((row) => row.id),
  )) {
    const line = { kind: sum.kind, totalCents: Number(sum.total), paymentAmountCents: Number(sum.payment) };
    linesOf.set(sum.reservation_id, [...(linesOf.get(sum.reservation_id) ?? []), line]);
  }
  const brands = new Map<string, Promise<MailBrand>>();
  const brandOf = (ownerId: string) => {
    let brand = brands.get(ownerId);
    if (!brand) {
      brand = mailBrandOf(db, ownerId, options.publicUrl);
      brands.set(ownerId, brand);
    }
    return brand;
  };

  for (const booking of rows) {
    try {
      const terms = booking.payment_terms as PaymentTerms;
      const dueOn = booking.balance_due_on as IsoDate;
      const kind = reminderKindOn({ balanceDueOn: dueOn, confirmedOn: terms.confirmedOn }, today);
      const cents = kind ? amountOf(booking, linesOf.get(booking.id) ?? [], kind, today) : 0;
      if (!kind || cents <= 0) {
        counts.skipped++;
        continue;
      }
      const brand = await brandOf(booking.owner_id);
      const sent = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('payment_reminders')
          .values({ reservation_id: booking.id, kind, due_on: dueOn, sent_at: now })
          .onConflict((oc) => oc.doNothing())
          .returning('reservation_id')
          .executeTakeFirst();
        if (!claimed) return false;
        const link = await createPaymentLink(trx, {
          reservationId: booking.id,
          ownerId: booking.owner_id,
          createdBy: null,
          publicUrl: options.publicUrl,
          now,
        });
        const mail = reminderMail({ kind, booking, cents, dueOn, payUrl: link.url, brand });
        // A client who switched booking emails off gets none; the reminder still counts as done.
        const wanted = await keepWantedMail(trx, 'booking', [mail]);
        for (const email of wanted) await enqueueMail(trx, email);
        if (kind === 'overdue')
          await notifyUsers(
            trx,
            await reservationManagersOf(trx, booking.owner_id),
            overdueBalanceNotice({
              reservationId: booking.id,
              reference: booking.reference,
              propertyTitle: booking.property_title ?? '',
              clientName: `${booking.first_name} ${booking.last_name}`,
              amountCents: cents,
              dueOn,
              clientEmailed: wanted.length > 0,
            }),
          );
        return true;
      });
      if (sent) counts.sent++;
      else counts.skipped++;
    } catch (error) {
      counts.skipped++;
      options.logger?.error({ err: error, reservationId: booking.id }, 'payment reminder failed');
    }
  }
  return counts;
}
