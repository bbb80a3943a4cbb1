import type { Insertable, Kysely } from 'kysely';
import { canManageReservationsOf } from '../../../domain/access.ts';
import {
  chargesTotal,
  inclusiveAmounts,
  isCharge,
  type LedgerLine,
  ledgerSummary,
  unbilledTotalOf,
} from '../../../domain/billing.ts';
import {
  type ChargeLine,
  chargeLine,
  exceedsLedgerLimit,
  BILLING_LINE_MESSAGES as M,
  rentalChargeLines,
} from '../../../domain/billing-lines.ts';
import { totalOfRates } from '../../../domain/booking-total.ts';
import { MESSAGES } from '../../../domain/errors.ts';
import { priceUnitFor } from '../../../domain/rental-unit.ts';
import type { BillingLine, BillingLineInput, Ledger } from '../../../domain/schemas/billing-lines.ts';
import type { Database, ReservationTransactionsTable, User } from '../../db/types.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { billingLineChanges } from '../audit/billing-line-audit.ts';
import { paymentNotices } from '../in-app-notifications/booking-notices.ts';
import { findPropertyById } from '../properties/property.repository.ts';
import { shortTime } from '../reservations/booked-period.ts';
import { priceBooking } from '../reservations/booking-price.ts';
import { findReservation, lockReservation } from '../reservations/reservation.repository.ts';
import { RESERVATION_MESSAGES } from '../reservations/reservation.service.ts';
import {
  type BillingLineRow,
  findActiveChargeType,
  findActiveStockItem,
  insertLines,
  listActiveLinesOf,
  setReservationTotal,
  voidLine,
} from './billing-line.repository.ts';

type Db = Kysely<Database>;
type NewLine = Insertable<ReservationTransactionsTable>;

/** The reservation, if the actor bills its business: its owner, an admin, or staff with the reservations permission. */
async function billableReservation(db: Db, user: User | null, reservationId: string) {
  if (!user) throw unauthorized();
  const reservation = await findReservation(db, reservationId);
  if (!reservation) throw notFound(RESERVATION_MESSAGES.notFound);
  if (!canManageReservationsOf(user, reservation.owner_id)) throw forbidden(MESSAGES.forbidden);
  return { actor: user, reservation };
}

const toLedgerLine = (row: BillingLineRow): LedgerLine => ({
  kind: row.kind,
  totalCents: row.total_cents,
  paymentAmountCents: row.payment_amount_cents,
});

function toBillingLine(row: BillingLineRow): BillingLine {
  return {
    id: row.id,
    reservation_id: row.reservation_id,
    kind: row.kind,
    description: row.description,
    quantity: Number(row.quantity),
    unit: row.unit,
    unit_price_cents: row.unit_price_cents,
    tax_percent: Number(row.tax_percent),
    discount_percent: Number(row.discount_percent),
    sub_total_cents: row.sub_total_cents,
    tax_cents: row.tax_cents,
    total_cents: row.total_cents,
    payment_amount_cents: row.payment_amount_cents,
    payment_method: row.payment_method,
    payout_method: row.payout_method,
    transaction_ref: row.transaction_ref,
    stock_item_id: row.stock_item_id,
    extra_charge_type_id: row.extra_charge_type_id,
    note: row.note,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The ledger; until a charge line exists, the booking's total is what is owed (docs/decisions/029). */
function ledgerOf(
  reservationId: string,
  rows: BillingLineRow[],
  totalPriceCents: number,
  status: Reservation['status'],
): Ledger {
  const summary = ledgerSummary(rows.map(toLedgerLine), unbilledTotalOf({ status, totalPriceCents }));
  return {
    reservation_id: reservationId,
    lines: rows.map(toBillingLine),
    charges_cents: summary.chargesCents,
    payments_cents: summary.paymentsCents,
    balance_due_cents: summary.balanceDueCents,
    credit_cents: summary.creditCents,
    deposit_held_cents: summary.depositHeldCents,
    total_price_cents: totalPriceCents,
  };
}

export async function ledgerFor(db: Db, user: User | null, reservationId: string): Promise<Ledger> {
  const { reservation } = await billableReservation(db, user, reservationId);
  return ledgerOf(
    reservationId,
    await listActiveLinesOf(db, reservationId),
    reservation.total_price_cents,
    reservation.status,
  );
}

const chargeColumns = (line: ChargeLine) => ({
  description: line.description,
  quantity: line.quantity,
  unit: line.unit,
  unit_price_cents: line.unitPriceCents,
  tax_percent: line.taxPercent,
  discount_percent: line.discountPercent,
  sub_total_cents: line.subTotalCents,
  tax_cents: line.taxCents,
  total_cents: line.totalCents,
});

/** Money moved without being charged: a payment, or the deposit received or refunded. */
export const moneyColumns = (description: string, amountCents: number) => ({
  description,
  quantity: 1,
  unit: null,
  unit_price_cents: 0,
  tax_percent: 0,
  discount_percent: 0,
  sub_total_cents: 0,
  tax_cents: 0,
  total_cents: 0,
  payment_amount_cents: amountCents,
});

type Reservation = NonNullable<Awaited<ReturnType<typeof findReservation>>>;

/** The lines one request adds, with every amount computed here (never taken from the request). */
async function linesFor(
  trx: Db,
  reservation: Reservation,
  input: BillingLineInput,
  active: BillingLineRow[],
): Promise<Array<Omit<NewLine, 'reservation_id' | 'owner_id' | 'created_by'>>> {
  const held = ledgerSummary(active.map(toLedgerLine)).depositHeldCents;
  switch (input.kind) {
    case 'ad_hoc':
      return [
        {
          kind: 'ad_hoc',
          ...chargeColumns(
            chargeLine({
              description: input.description,
              quantity: input.quantity,
              unit: input.unit,
              unitPriceCents: input.unit_price_cents,
              taxPercent: input.tax_percent,
              discountPercent: 0,
            }),
          ),
          note: input.note,
        },
      ];
    case 'extra': {
      const type = await findActiveChargeType(trx, input.extra_charge_type_id);
      if (!type || type.owner_id !== reservation.owner_id) throw badRequest(M.typeNotFound);
      return [
        {
          kind: 'ad_hoc',
          extra_charge_type_id: type.id,
          ...chargeColumns(
            chargeLine({
              description: type.name,
              quantity: input.quantity,
              unit: null,
              unitPriceCents: input.unit_price_cents ?? type.default_amount_cents,
              taxPercent: input.tax_percent ?? Number(type.tax_percent),
              discountPercent: 0,
            }),
          ),
          note: input.note,
        },
      ];
    }
    case 'stock': {
      const item = await findActiveStockItem(trx, input.stock_item_id);
      if (!item || item.owner_id !== reservation.owner_id) throw badRequest(M.stockNotFound);
      return [
        {
          kind: 'stock',
          stock_item_id: item.id,
          ...chargeColumns(
            chargeLine({
              description: item.sku ? `${item.name} (${item.sku})` : item.name,
              quantity: input.quantity,
              unit: item.unit,
              unitPriceCents: item.unit_price_cents,
              taxPercent: Number(item.tax_percent),
              discountPercent: 0,
            }),
          ),
          note: input.note,
        },
      ];
    }
    case 'rental': {
      if (active.some((line) => line.kind === 'rental')) throw conflict(M.rentalCharged);
      const property = await findPropertyById(trx, reservation.property_id);
      if (!property) throw notFound(RESERVATION_MESSAGES.propertyNotFound);
      const unit = priceUnitFor(property.type);
      const period = {
        startDate: reservation.start_date,
        endDate: reservation.end_date,
        startTime: shortTime(reservation.start_time),
        endTime: shortTime(reservation.end_time),
      };
      const terms = {
        discountPercent: Number(reservation.discount_percent),
        taxPercent: Number(reservation.tax_percent),
      };
      // The prices it was booked at (docs/decisions/029); a booking made before they were kept, the listing's.
      const price = reservation.booked_rates
        ? totalOfRates(reservation.booked_rates, terms)
        : await priceBooking(trx, property, period, {
            rateOverrideCents: reservation.rate_override_per_day_cents,
            ...terms,
          });
      return rentalChargeLines({ title: property.title, unit, period, price }).map((line) => ({
        kind: 'rental' as const,
        ...chargeColumns(line),
      }));
    }
    case 'payment':
      return [
        {
          kind: 'payment',
          ...moneyColumns(
            input.payment_method === 'payfast' ? 'Payment (PayFast)' : 'Payment',
            input.amount_cents,
          ),
          payment_method: input.payment_method,
          transaction_ref: input.transaction_ref,
          note: input.note,
        },
      ];
    case 'deposit_received':
      return [
        {
          kind: 'deposit_received',
          ...moneyColumns('Security deposit received', input.amount_cents),
          note: input.note,
        },
      ];
    case 'deposit_refunded':
      if (input.amount_cents > held) throw badRequest(M.refundTooLarge(held));
      return [
        {
          kind: 'deposit_refunded',
          ...moneyColumns('Security deposit refunded', input.amount_cents),
          payout_method: input.payout_method,
          transaction_ref: input.transaction_ref,
          note: input.note,
        },
      ];
    case 'refund': {
      // What the client paid in excess of the charges (a cancellation fee included), as the tab shows it.
      const creditCents = ledgerOf(
        reservation.id,
        active,
        reservation.total_price_cents,
        reservation.status,
      ).credit_cents;
      if (input.amount_cents > creditCents) throw badRequest(M.overRefund(creditCents));
      return [
        {
          kind: 'refund',
          ...moneyColumns('Refund', input.amount_cents),
          payout_method: input.payout_method,
          transaction_ref: input.transaction_ref,
          note: input.note,
        },
      ];
    }
    case 'deposit_kept': {
      if (input.amount_cents > held) throw badRequest(M.keptTooLarge(held));
      const amounts = inclusiveAmounts(input.amount_cents, input.tax_percent);
      return [
        {
          kind: 'deposit_kept',
          description: input.description ? `Deposit kept: ${input.description}` : 'Deposit kept',
          quantity: 1,
          unit: null,
          unit_price_cents: amounts.subTotalCents,
          tax_percent: input.tax_percent,
          discount_percent: 0,
          sub_total_cents: amounts.subTotalCents,
          tax_cents: amounts.taxCents,
          total_cents: amounts.totalCents,
          note: input.note,
        },
      ];
    }
  }
}

/**
 * Adds a line (a rental charge may add several) in one database transaction that locks the
 * reservation, so concurrent adds serialize, and sets the reservation's total to the sum of its
 * charge lines (spec booking-core §4).
 */
export async function addBillingLine(
  db: Db,
  user: User | null,
  reservationId: string,
  input: BillingLineInput,
): Promise<Ledger> {
  const { actor } = await billableReservation(db, user, reservationId);
  return db.transaction().execute(async (trx) => {
    await lockReservation(trx, reservationId);
    const reservation = (await findReservation(trx, reservationId)) as Reservation;
    const active = await listActiveLinesOf(trx, reservationId);
    const added = await linesFor(trx, reservation, input, active);
    const addedLedger = added.map((line) => ({
      kind: line.kind,
      totalCents: Number(line.total_cents ?? 0),
      paymentAmountCents: line.payment_amount_cents === undefined ? null : Number(line.payment_amount_cents),
    }));
    if (exceedsLedgerLimit([...active.map(toLedgerLine), ...addedLedger])) throw badRequest(M.totalTooHigh);
    // Lines added together keep their order in the list: one millisecond apart.
    const now = Date.now();
    const inserted = await insertLines(
      trx,
      added.map((line, index) => ({
        ...line,
        created_at: new Date(now + index),
        reservation_id: reservationId,
        owner_id: reservation.owner_id,
        created_by: actor.id,
      })),
    );
    for (const line of inserted)
      await recordAudit(trx, {
        actor,
        ownerId: reservation.owner_id,
        entityType: 'billing_line',
        entityId: line.id,
        reservationId,
        action: 'created',
        changes: billingLineChanges(null, line),
        summary: `Billing line added to ${reservation.reference}: ${line.description}`,
      });
    if (input.kind === 'payment')
      await paymentNotices(trx, {
        reservationId,
        reference: reservation.reference,
        ownerId: reservation.owner_id,
        propertyTitle: reservation.property_title ?? 'Property Details Unavailable',
        amountCents: input.amount_cents,
        actorId: actor.id,
      });
    return settle(trx, reservationId);
  });
}

/**
 * Re-reads the lines and keeps the reservation's total at the sum of its charges, or at the price
 * fixed at booking while it has none (every charge line deleted, or only payments so far).
 */
async function settle(trx: Db, reservationId: string): Promise<Ledger> {
  const rows = await listActiveLinesOf(trx, reservationId);
  const reservation = (await findReservation(trx, reservationId)) as Reservation;
  const lines = rows.map(toLedgerLine);
  const total = lines.some((line) => isCharge(line.kind))
    ? chargesTotal(lines)
    : reservation.booked_price_cents;
  if (total !== reservation.total_price_cents) await setReservationTotal(trx, reservationId, total);
  return ledgerOf(reservationId, rows, total, reservation.status);
}

/**
 * Deletes a line from the ledger by voiding it (kept with who and when). A received deposit that was
 * partly refunded or kept cannot go while those lines stand: the deposit held would fall below 0.
 */
export async function deleteBillingLine(
  db: Db,
  user: User | null,
  reservationId: string,
  lineId: string,
): Promise<Ledger> {
  const { actor, reservation } = await billableReservation(db, user, reservationId);
  return db.transaction().execute(async (trx) => {
    await lockReservation(trx, reservationId);
    const active = await listActiveLinesOf(trx, reservationId);
    const line = active.find((row) => row.id === lineId);
    if (!line) throw notFound(M.lineNotFound);
    const remaining = active.filter((row) => row.id !== lineId);
    if (ledgerSummary(remaining.map(toLedgerLine)).depositHeldCents < 0) throw conflict(M.depositInUse);
    await voidLine(trx, lineId, actor.id);
    await recordAudit(trx, {
      actor,
      ownerId: line.owner_id,
      entityType: 'billing_line',
      entityId: lineId,
      reservationId,
      action: 'deleted',
      changes: billingLineChanges(line, null),
      summary: `Billing line deleted from ${reservation.reference}: ${line.description}`,
    });
    return settle(trx, reservationId);
  });
}

/**
 * A client's cancellation (docs/decisions/063), in the caller's transaction with the reservation
 * locked: the booking's open charge lines are voided (kept, with who and when, as a deletion keeps
 * them) and, when the policy keeps a fee, one ad hoc line for it at the booking's tax % (VAT
 * included, as every charge). Payments, refunds and deposit lines stay. Returns the new ledger.
 */
export async function chargeCancellationFee(
  trx: Db,
  actor: User,
  reservation: Pick<Reservation, 'id' | 'owner_id' | 'reference' | 'tax_percent'>,
  fee: { description: string; feeCents: number },
): Promise<Ledger> {
  const active = await listActiveLinesOf(trx, reservation.id);
  for (const line of active.filter((row) => isCharge(row.kind))) {
    await voidLine(trx, line.id, actor.id);
    await recordAudit(trx, {
      actor,
      ownerId: reservation.owner_id,
      entityType: 'billing_line',
      entityId: line.id,
      reservationId: reservation.id,
      action: 'deleted',
      changes: billingLineChanges(line, null),
      summary: `Billing line voided on cancellation of ${reservation.reference}: ${line.description}`,
    });
  }
  if (fee.feeCents > 0) {
    const [line] = await insertLines(trx, [
      {
        kind: 'ad_hoc',
        ...chargeColumns(
          chargeLine({
            description: fee.description,
            quantity: 1,
            unit: null,
            unitPriceCents: fee.feeCents,
            taxPercent: Number(reservation.tax_percent),
            discountPercent: 0,
          }),
        ),
        reservation_id: reservation.id,
        owner_id: reservation.owner_id,
        created_by: actor.id,
      },
    ]);
    if (line)
      await recordAudit(trx, {
        actor,
        ownerId: reservation.owner_id,
        entityType: 'billing_line',
        entityId: line.id,
        reservationId: reservation.id,
        action: 'created',
        changes: billingLineChanges(null, line),
        summary: `Billing line added to ${reservation.reference}: ${line.description}`,
      });
  }
  return settle(trx, reservation.id);
}
