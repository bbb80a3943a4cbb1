import type { Kysely } from 'kysely';
import { canManageReservationsOf } from '../../../domain/access.ts';
import { formatDisplayDate, todayInBusinessZone } from '../../../domain/dates.ts';
import { formatRandCents } from '../../../domain/money.ts';
import { amountsDue } from '../../../domain/payment-plan.ts';
import type { PaymentLinkSent } from '../../../domain/schemas/online-payments.ts';
import type { Database, User } from '../../db/types.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { renderActionMail } from '../../platform/mail/templates.ts';
import { recordAudit } from '../audit/audit.ts';
import { ledgerFor } from '../billing-lines/billing-line.service.ts';
import { mailBrandOf } from '../business-profile/mail-brand.ts';
import { findReservation } from '../reservations/reservation.repository.ts';
import { createPaymentLink } from './payment-links.ts';

export const PAYMENT_LINK_MESSAGES = {
  mustLogIn: 'You must be logged in to send a payment link.',
  notFound: 'Reservation not found',
  businessOnly: 'Only the business can send a payment link for a booking.',
  notConfirmed: 'A payment link can only be sent for a confirmed booking.',
  nothingOwed: 'Nothing is owed on this booking: there is no balance to pay.',
} as const;

export interface PaymentLinkDeps {
  db: Kysely<Database>;
  publicUrl: string;
  pokeMail: () => void;
}

/**
 * What the client owes on a booking now and in all, from its agreed terms (reservations.payment_terms)
 * and its ledger. A booking confirmed without terms owes its whole balance now.
 */
async function owedOn(
  db: Kysely<Database>,
  user: User,
  reservation: {
    id: string;
    payment_terms: Parameters<typeof amountsDue>[0] | null;
    security_deposit_cents: number;
  },
) {
  const ledger = await ledgerFor(db, user, reservation.id);
  if (!reservation.payment_terms)
    return { nowCents: ledger.balance_due_cents, balanceCents: ledger.balance_due_cents };
  const received = ledger.lines
    .filter((line) => line.kind === 'deposit_received')
    .reduce((sum, line) => sum + (line.payment_amount_cents ?? 0), 0);
  const due = amountsDue(
    reservation.payment_terms,
    {
      balanceDueCents: ledger.balance_due_cents,
      paymentsCents: ledger.payments_cents,
      securityDepositOutstandingCents: Math.max(0, reservation.security_deposit_cents - received),
    },
    todayInBusinessZone(),
  );
  return { nowCents: due.nowCents, balanceCents: due.balanceCents };
}

/**
 * The editor's "Send payment link" (issue 23 item 3, decision 061): a new link to pay the booking,
 * emailed to its client in the same transaction, and an audit entry. The business (owner, admin, staff
 * with the reservations permission) only; a client is refused, anyone else is told it does not exist.
 */
export async function sendPaymentLink(
  deps: PaymentLinkDeps,
  user: User | null,
  reservationId: string,
): Promise<PaymentLinkSent> {
  if (!user) throw unauthorized(PAYMENT_LINK_MESSAGES.mustLogIn);
  const row = await findReservation(deps.db, reservationId);
  const manages = !!row && canManageReservationsOf(user, row.owner_id);
  if (!manages) {
    const sameBusinessStaff = !!row && user.parent_owner_id === row.owner_id;
    if (user.role === 'client' || sameBusinessStaff) throw forbidden(PAYMENT_LINK_MESSAGES.businessOnly);
    throw notFound(PAYMENT_LINK_MESSAGES.notFound);
  }
  if (row.status !== 'confirmed') throw conflict(PAYMENT_LINK_MESSAGES.notConfirmed);
  const owed = await owedOn(deps.db, user, row);
  if (owed.balanceCents <= 0) throw conflict(PAYMENT_LINK_MESSAGES.nothingOwed);
  const brand = await mailBrandOf(deps.db, row.owner_id, deps.publicUrl);
  const sent = await deps.db.transaction().execute(async (trx) => {
    const link = await createPaymentLink(trx, {
      reservationId: row.id,
      ownerId: row.owner_id,
      createdBy: user.id,
      publicUrl: deps.publicUrl,
    });
    const title = row.property_title ?? 'your booking';
    await enqueueMail(
      trx,
      renderActionMail({
        to: row.client_email,
        subject: `Pay for your booking ${row.reference} with ${brand.name}`,
        greetingName: row.client_first_name,
        paragraphs: [
          `${brand.name} has sent you a link to pay for your booking at ${title} (${formatDisplayDate(row.start_date)} to ${formatDisplayDate(row.end_date)}).`,
          `Due now: ${formatRandCents(owed.nowCents)}`,
          `Balance: ${formatRandCents(owed.balanceCents)}`,
          `Reservation ID: ${row.reference}`,
        ],
        action: { label: 'Pay now', url: link.url },
        footnote: `This link works until ${formatDisplayDate(link.expiresAt.toISOString().slice(0, 10))}. You do not need to sign in to use it.`,
        brand,
      }),
    );
    await recordAudit(trx, {
      actor: user,
      ownerId: row.owner_id,
      entityType: 'reservation',
      entityId: row.id,
      reservationId: row.id,
      action: 'sent',
      summary: `Payment link for ${row.reference} sent to ${row.client_email} (balance ${formatRandCents(owed.balanceCents)})`,
    });
    return { sentTo: row.client_email, expiresAt: link.expiresAt.toISOString() };
  });
  deps.pokeMail();
  return sent;
}
