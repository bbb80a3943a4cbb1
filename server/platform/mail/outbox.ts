import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import { QUEUE_ORDER_WALK, withSettings } from '../../db/planner-settings.ts';
import type { Database } from '../../db/types.ts';
import type { DeliverableMail, MailAttachment, MailTransport, OutgoingMail } from './transports.ts';

/** Retry delay after the nth failed attempt: 10 s, 20 s, 40 s … capped at one hour. Mail is never dropped. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

const outboxRow = (mail: OutgoingMail) => ({
  to_address: mail.to,
  subject: mail.subject,
  html: mail.html,
  text: mail.text,
  reply_to: mail.replyTo ?? null,
});

/** Several emails in one statement (e.g. the client's and the owner's copy of one event). */
export async function enqueueMails(db: Kysely<Database>, mails: OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await outboxInsert(db, mails).execute();
}

/** enqueueMails's statement (at least one mail), not yet run: to write it with others in one statement. */
export function outboxInsert(db: Kysely<Database>, mails: OutgoingMail[]) {
  return db.insertInto('email_outbox').values(mails.map(outboxRow));
}

/**
 * A file to attach: a document (its bytes stay in documents.pdf), a rental agreement version (in
 * rental_agreements.pdf, docs/decisions/037) or an online payment's receipt (booking_payments.receipt_pdf,
 * docs/decisions/064), read when the email is sent.
 */
export type AttachmentRef = { fileName: string } & (
  | { documentId: string; agreementId?: undefined; bookingPaymentId?: undefined }
  | { agreementId: string; documentId?: undefined; bookingPaymentId?: undefined }
  | { bookingPaymentId: string; documentId?: undefined; agreementId?: undefined }
);

/**
 * One email, with its attachments written in the same transaction as the email (the worker never
 * sees an email whose attachments are missing, and a retried send has them again).
 */
export async function enqueueMail(
  db: Kysely<Database>,
  mail: OutgoingMail,
  attachments: readonly AttachmentRef[] = [],
): Promise<void> {
  if (attachments.length === 0) {
    await db.insertInto('email_outbox').values(outboxRow(mail)).execute();
    return;
  }
  const write = async (trx: Kysely<Database>) => {
    const { id } = await trx
      .insertInto('email_outbox')
      .values(outboxRow(mail))
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('email_attachments')
      .values(
        attachments.map((file, position) => ({
          outbox_id: id,
          document_id: file.documentId ?? null,
          agreement_id: file.agreementId ?? null,
          booking_payment_id: file.bookingPaymentId ?? null,
          file_name: file.fileName,
          position,
        })),
      )
      .execute();
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}

/** The attachments of claimed emails, with their bytes; an attachment whose PDF is not drawn yet fails the send. */
async function loadAttachments(db: Kysely<Database>, outboxIds: string[]) {
  const byEmail = new Map<string, MailAttachment[]>();
  if (outboxIds.length === 0) return byEmail;
  const rows = await db
    .selectFrom('email_attachments as a')
    .leftJoin('documents as d', 'd.id', 'a.document_id')
    .leftJoin('rental_agreements as ra', 'ra.id', 'a.agreement_id')
    .leftJoin('booking_payments as bp', 'bp.id', 'a.booking_payment_id')
    .select(['a.id', 'a.outbox_id', 'a.file_name', 'd.pdf', 'ra.pdf as agreement_pdf', 'bp.receipt_pdf'])
    .where('a.outbox_id', 'in', outboxIds)
    .orderBy('a.outbox_id')
    .orderBy('a.position')
    .execute();
  for (const row of rows) {
    const list = byEmail.get(row.outbox_id) ?? [];
    list.push({
      id: row.id,
      fileName: row.file_name,
      contentType: 'application/pdf',
      content: Buffer.from(row.pdf ?? row.agreement_pdf ?? row.receipt_pdf ?? Buffer.alloc(0)),
    });
    byEmail.set(row.outbox_id, list);
  }
  return byEmail;
}

export const SEND_LEASE_SECONDS = 300;

/** Mails a worker claims and sends per round (docs/decisions/067). */
export const OUTBOX_BATCH_SIZE = 100;

/**
 * Sends due outbox rows, a batch at a time; returns how many were sent. Rows are claimed with SKIP
 * LOCKED and leased for a few minutes, so several servers can share the outbox and a crash mid-send
 * only delays that mail; no lock is held during I/O. The batch goes to the transport at once (one
 * statement for the dev mailbox, the SMTP pool's connections in parallel); a mail that fails is
 * retried alone, with its own backoff, and the rest are marked sent together.
 */
export async function deliverDueMail(
  db: Kysely<Database>,
  transport: MailTransport,
  logger?: Logger,
  batchSize = OUTBOX_BATCH_SIZE,
): Promise<number> {
  return (await deliverDueBatch(db, transport, logger, batchSize)).sent;
}

/**
 * Claims up to a batch of due mail, oldest first, and leases it (SKIP LOCKED: several servers share
 * the outbox). Run it under QUEUE_ORDER_WALK (docs/decisions/079).
 */
export function claimDueMail(db: Kysely<Database>, batchSize: number) {
  return db
    .updateTable('email_outbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${SEND_LEASE_SECONDS})`,
    }))
    .where(
      'id',
      'in',
      db
        .selectFrom('email_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('created_at')
        .limit(batchSize)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .returning(
      sql<boolean>`EXISTS (SELECT 1 FROM email_attachments a WHERE a.outbox_id = email_outbox.id)`.as(
        'has_attachments',
      ),
    );
}

/** One round of deliverDueMail; `whenFull` is told when the claim filled a batch (outbox-worker.ts). */
export async function deliverDueBatch(
  db: Kysely<Database>,
  transport: MailTransport,
  logger: Logger | undefined,
  batchSize: number,
  whenFull?: () => void,
): Promise<{ claimed: number; sent: number }> {
  const claimed = await withSettings(db, QUEUE_ORDER_WALK, (trx) => claimDueMail(trx, batchSize).execute());
  if (claimed.length === 0) return { claimed: 0, sent: 0 };
  if (claimed.length === batchSize) whenFull?.();
  claimed.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  const attachments = await loadAttachments(
    db,
    claimed.filter((row) => row.has_attachments).map((row) => row.id),
  );

  const failures = new Map<string, unknown>();
  const ready: DeliverableMail[] = [];
  for (const row of claimed) {
    const files = attachments.get(row.id) ?? [];
    if (files.some((file) => file.content.length === 0))
      failures.set(row.id, new Error('an attachment is not ready yet'));
    else
      ready.push({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        html: row.html,
        text: row.text,
        replyTo: row.reply_to,
        attachments: files,
      });
  }
  for (const [id, error] of await sendAll(transport, ready)) failures.set(id, error);

  const sentIds = claimed.filter((row) => !failures.has(row.id)).map((row) => row.id);
  if (sentIds.length > 0) {
    await db
      .updateTable('email_outbox')
      .set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null })
      .where('id', 'in', sentIds)
      .execute();
  }
  for (const row of claimed) {
    if (!failures.has(row.id)) continue;
    const error = failures.get(row.id);
    logger?.warn({ err: error, outboxId: row.id, attempts: row.attempts }, 'mail send failed; will retry');
    await db
      .updateTable('email_outbox')
      .set({
        last_error: error instanceof Error ? error.message : String(error),
        next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
      })
      .where('id', '=', row.id)
      .execute();
  }
  return { claimed: claimed.length, sent: sentIds.length };
}

/**
 * Sends the mails, oldest first, and returns the failed ones with their errors. A transport that
 * takes a whole batch gets it at once; if that batch fails, each mail is tried alone, so one bad
 * mail fails only itself. Otherwise the sends run together (the SMTP pool bounds the connections).
 */
async function sendAll(transport: MailTransport, mails: DeliverableMail[]): Promise<Map<string, unknown>> {
  const failures = new Map<string, unknown>();
  if (mails.length === 0) return failures;
  if (transport.sendBatch && mails.length > 1) {
    try {
      await transport.sendBatch(mails);
      return failures;
    } catch {
      // One by one below: find the mail that fails.
    }
    for (const mail of mails) {
      try {
        await transport.send(mail);
      } catch (error) {
        failures.set(mail.id, error);
      }
    }
    return failures;
  }
  const results = await Promise.allSettled(mails.map((mail) => transport.send(mail)));
  results.forEach((result, index) => {
    if (result.status === 'rejected') failures.set((mails[index] as DeliverableMail).id, result.reason);
  });
  return failures;
}
