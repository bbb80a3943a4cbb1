import { type Kysely, sql, type Transaction } from 'kysely';
import {
  commissionMonth,
  monthLabel,
  statementAmounts,
  statementDueDate,
  statementToClose,
} from '../../../domain/commission.ts';
import { addDays, todayInBusinessZone } from '../../../domain/dates.ts';
import { graceEndsAt } from '../../../domain/subscription-lifecycle.ts';
import { vatRateOn } from '../../../domain/vat.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { listVatRates } from '../documents/documents.repository.ts';
import {
  allocatePlatformInvoiceNumber,
  platformInvoiceParties,
} from '../subscriptions/platform-invoice-parties.ts';
import { openAccrualsQuery } from './commission.repository.ts';
import { commissionOverdueMail, commissionStatementMail } from './commission-mails.ts';

/**
 * The commission part of the scheduled sweep (docs/decisions/019, 032). At the start of each
 * Africa/Johannesburg month every owner's open accruals of earlier months close into one statement
 * with a numbered Rentza tax invoice (the same counter as subscription invoices) and an email; a
 * statement still unpaid after its due date makes the account Payment Due. Each owner is handled in its
 * own transaction with their subscription row locked (SKIP LOCKED: another server has it, the next pass
 * sees it); the statement is unique per owner and month, so any number of passes close a month once.
 */

type Trx = Transaction<Database>;

export interface CommissionSweepCounts {
  statements: number;
  markedPastDue: number;
  mails: number;
  skipped: number;
  failed: number;
}

export interface CommissionSweepOptions {
  config: Config;
  now?: Date;
  logger?: { error: (object: object, message: string) => void };
}

/** The instant an unpaid statement makes the account Payment Due: midnight (Johannesburg) after its due date. */
export function overdueFrom(dueDate: string): Date {
  return new Date(`${addDays(dueDate, 1)}T00:00:00+02:00`);
}

async function lockSubscription(trx: Trx, ownerId: string) {
  return trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

async function ownerRecipient(trx: Trx, ownerId: string) {
  const owner = await trx
    .selectFrom('users')
    .select(['email', 'first_name', 'name'])
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return { to: owner.email, name: owner.first_name || owner.name };
}

/** Closes an owner's open accruals of earlier months; false when another transaction holds the owner. */
async function closeStatement(
  db: Kysely<Database>,
  ownerId: string,
  options: Required<Pick<CommissionSweepOptions, 'config' | 'now'>>,
  counts: CommissionSweepCounts,
): Promise<boolean> {
  const { config, now } = options;
  return db.transaction().execute(async (trx) => {
    const subscription = await lockSubscription(trx, ownerId);
    if (!subscription) return false;
    const open = await openAccrualsQuery(trx, ownerId).forUpdate('a').execute();
    const close = statementToClose(
      open.map((row) => ({ ...row, amountCents: row.amount_cents })),
      now,
    );
    if (!close) return true;
    // The owner's row lock orders every close of theirs: a month closed already stays closed, and the
    // accruals committed just after it close with the next month's statement.
    const closed = await trx
      .selectFrom('commission_statements')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('month', '=', close.month)
      .executeTakeFirst();
    if (closed) return true;
    const number = await allocatePlatformInvoiceNumber(trx);
    const issueDate = todayInBusinessZone(now);
    const vatRatePercent = vatRateOn(issueDate, await listVatRates(trx)) ?? 0;
    const { vatCents } = statementAmounts(close.amountCents, vatRatePercent);
    const charges = close.accruals.filter((row) => row.kind === 'charge');
    const ratePercent = Number(charges[0]?.rate ?? subscription.commission_rate) * 100;
    const parties = await platformInvoiceParties(trx, config, ownerId);
    const statement = await trx
      .insertInto('commission_statements')
      .values({
        owner_id: ownerId,
        subscription_id: subscription.id,
        month: close.month,
        number,
        issue_date: issueDate,
        due_date: statementDueDate(issueDate),
        amount_cents: close.amountCents,
        vat_cents: vatCents,
        vat_rate_percent: vatRatePercent,
        snapshot: JSON.stringify({
          ...parties,
          ratePercent,
          bookings: close.accruals.map((row) => ({
            reference: row.reference,
            propertyTitle: row.title ?? 'Property Details Unavailable',
            kind: row.kind,
            occurredOn: todayInBusinessZone(row.occurred_at),
            baseCents: row.base_cents,
            amountCents: row.amount_cents,
          })),
        }),
      })
      .returning(['id', 'due_date'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('commission_accruals')
      .set({ statement_id: statement.id })
      .where(
        'id',
        'in',
        close.accruals.map((row) => row.id),
      )
      .execute();
    await enqueueMail(
      trx,
      commissionStatementMail({
        ...(await ownerRecipient(trx, ownerId)),
        monthLabel: monthLabel(close.month),
        number,
        amountCents: close.amountCents,
        dueDate: statement.due_date,
        billingUrl: `${config.PUBLIC_URL.replace(/\/+$/, '')}/subscription?tab=billing`,
      }),
    );
    counts.statements++;
    counts.mails++;
    return true;
  });
}

/** An owner with a statement past its due date: Payment Due from the day after it (once; the lifecycle takes it on). */
async function markOverdue(
  db: Kysely<Database>,
  ownerId: string,
  options: Required<Pick<CommissionSweepOptions, 'config' | 'now'>>,
  counts: CommissionSweepCounts,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const subscription = await lockSubscription(trx, ownerId);
    if (!subscription) return false;
    const statement = await oldestOverdueStatement(trx, ownerId, options.now);
    if (!statement) return true;
    const since = overdueFrom(statement.due_date);
    const updated = await trx
      .updateTable('subscriptions')
      .set({ status: 'past_due', past_due_since: since, updated_at: sql<Date>`now()` })
      .where('id', '=', subscription.id)
      .where('status', 'in', ['active', 'trialing'])
      .returning('id')
      .executeTakeFirst();
    if (!updated) return true;
    await enqueueMail(
      trx,
      commissionOverdueMail({
        ...(await ownerRecipient(trx, ownerId)),
        monthLabel: monthLabel(statement.month),
        number: statement.number,
        amountCents: statement.amount_cents,
        dueDate: statement.due_date,
        graceEndsOn: todayInBusinessZone(graceEndsAt(since)),
        billingUrl: `${options.config.PUBLIC_URL.replace(/\/+$/, '')}/subscription?tab=billing`,
      }),
    );
    counts.markedPastDue++;
    counts.mails++;
    return true;
  });
}

/** The owner's oldest statement still unpaid after its due date (Johannesburg), if any. */
export function oldestOverdueStatement(db: Kysely<Database>, ownerId: string, now: Date) {
  return db
    .selectFrom('commission_statements')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'due')
    .where('due_date', '<', todayInBusinessZone(now))
    .orderBy('due_date')
    .executeTakeFirst();
}

/** One commission pass at `now`: close last month's statements, then mark overdue accounts Payment Due. */
export async function runCommissionSweep(
  db: Kysely<Database>,
  options: CommissionSweepOptions,
): Promise<CommissionSweepCounts> {
  const now = options.now ?? new Date();
  const counts: CommissionSweepCounts = { statements: 0, markedPastDue: 0, mails: 0, skipped: 0, failed: 0 };
  const toClose = await db
    .selectFrom('commission_accruals')
    .select('owner_id')
    .distinct()
    .where('statement_id', 'is', null)
    .where('month', '<', commissionMonth(now))
    .execute();
  const overdue = await db
    .selectFrom('commission_statements as c')
    .innerJoin('subscriptions as s', 's.owner_id', 'c.owner_id')
    .select('c.owner_id')
    .distinct()
    .where('c.status', '=', 'due')
    .where('c.due_date', '<', todayInBusinessZone(now))
    .where('s.status', 'in', ['active', 'trialing'])
    .execute();
  const steps = [
    ...toClose.map((row) => ({ ownerId: row.owner_id, step: closeStatement })),
    ...overdue.map((row) => ({ ownerId: row.owner_id, step: markOverdue })),
  ];
  for (const { ownerId, step } of steps) {
    const stepCounts = { ...counts, statements: 0, markedPastDue: 0, mails: 0 };
    try {
      if (await step(db, ownerId, { config: options.config, now }, stepCounts)) {
        counts.statements += stepCounts.statements;
        counts.markedPastDue += stepCounts.markedPastDue;
        counts.mails += stepCounts.mails;
      } else counts.skipped++;
    } catch (error) {
      counts.failed++;
      options.logger?.error({ err: error, ownerId }, 'commission sweep step failed');
    }
  }
  return counts;
}
