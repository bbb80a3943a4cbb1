import type { Kysely } from 'kysely';
import { isStaffRole } from '../../../domain/roles.ts';
import {
  SUPPORT_MESSAGES,
  type SupportInboxItem,
  type SupportInboxPage,
  type SupportInboxQuery,
  type SupportRequestList,
  type SupportSender,
  type SupportThread,
} from '../../../domain/schemas/support.ts';
import { canOpenAnotherRequest, SUPPORT_BOUNDS, supportStateAfter } from '../../../domain/support.ts';
import type { Database, User } from '../../db/types.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { requireRole } from '../../http/session.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { notifyUser } from '../in-app-notifications/in-app-notifications.service.ts';
import {
  countInbox,
  countMessages,
  countNotClosed,
  findOwnBooking,
  findRequest,
  insertMessage,
  insertRequest,
  listInbox,
  listMessages,
  listRequestsOf,
  lockRequest,
  lockSender,
  type RequestRow,
  setState,
} from './support.repository.ts';
import { supportReplyMail } from './support-mails.ts';

export interface SupportDeps {
  db: Kysely<Database>;
  publicUrl: string;
  /** Ask the outbox worker to deliver now (the reply's email was enqueued in a transaction). */
  pokeMail: () => void;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function summaryOf(
  row: Pick<
    RequestRow,
    'id' | 'subject' | 'state' | 'booking_reference' | 'created_at' | 'last_message_at' | 'message_count'
  >,
) {
  return {
    id: row.id,
    subject: row.subject,
    state: row.state,
    booking_reference: row.booking_reference,
    created_at: iso(row.created_at),
    last_message_at: iso(row.last_message_at),
    message_count: Number(row.message_count ?? 0),
  };
}

function senderOf(row: RequestRow): SupportSender {
  return {
    id: row.sender_id,
    first_name: row.sender_first_name,
    last_name: row.sender_last_name,
    email: row.sender_email,
    role: row.sender_role,
    plan: row.sender_plan,
  };
}

/** The business whose bookings a user may name: an owner's own, a staff member's owner's. */
function businessOwnerOf(user: User): string | null {
  if (user.role === 'owner') return user.id;
  if (isStaffRole(user.role)) return user.parent_owner_id;
  return null;
}

async function threadOf(db: Kysely<Database>, id: string): Promise<SupportThread> {
  const row = await findRequest(db, id);
  if (!row) throw notFound(SUPPORT_MESSAGES.notFound);
  const messages = await listMessages(db, id);
  return {
    ...summaryOf(row),
    sender: senderOf(row),
    messages: messages.map((message) => ({
      id: message.id,
      body: message.body,
      from_admin: message.from_admin,
      author_name: message.from_admin
        ? 'Rentza support'
        : `${message.first_name ?? ''} ${message.last_name ?? ''}`.trim() || 'You',
      created_at: iso(message.created_at),
    })),
  };
}

/**
 * A signed-in user's new question. A booking reference must name one of their own bookings (as a
 * guest, or of their business); at most SUPPORT_BOUNDS.openRequestsMax requests not closed at once.
 */
export async function createSupportRequest(
  db: Kysely<Database>,
  user: User | null,
  input: { subject: string; message: string; booking_reference?: string | null },
): Promise<SupportThread> {
  const sender = requireRole(user);
  const reference = input.booking_reference ?? null;
  const booking = reference
    ? await findOwnBooking(db, reference, { userId: sender.id, businessOwnerId: businessOwnerOf(sender) })
    : null;
  if (reference && !booking) throw badRequest(SUPPORT_MESSAGES.unknownReference);

  const id = await db.transaction().execute(async (trx) => {
    await lockSender(trx, sender.id);
    if (!canOpenAnotherRequest(await countNotClosed(trx, sender.id))) {
      throw badRequest(SUPPORT_MESSAGES.tooManyOpen);
    }
    const request = await insertRequest(trx, {
      senderId: sender.id,
      subject: input.subject,
      reservationId: booking?.id ?? null,
      reference,
    });
    await insertMessage(trx, {
      requestId: request.id,
      authorId: sender.id,
      fromAdmin: false,
      body: input.message,
    });
    return request.id;
  });
  return threadOf(db, id);
}

/** The user's own requests, the latest activity first. */
export async function listMySupportRequests(
  db: Kysely<Database>,
  user: User | null,
): Promise<SupportRequestList> {
  const sender = requireRole(user);
  const rows = await listRequestsOf(db, sender.id);
  return { items: rows.map(summaryOf) };
}

/** A request's whole thread: for its sender and for admins; anyone else is told it does not exist. */
export async function supportThreadFor(
  db: Kysely<Database>,
  user: User | null,
  id: string,
): Promise<SupportThread> {
  const reader = requireRole(user);
  const thread = await threadOf(db, id);
  if (thread.sender.id !== reader.id && reader.role !== 'admin') throw notFound(SUPPORT_MESSAGES.notFound);
  return thread;
}

/** A message added to a thread in one transaction, under the request's row lock, within the thread's bound. */
async function writeMessage(
  trx: Kysely<Database>,
  id: string,
  author: User,
  fromAdmin: boolean,
  body: string,
): Promise<void> {
  if ((await countMessages(trx, id)) >= SUPPORT_BOUNDS.threadMessagesMax)
    throw badRequest(SUPPORT_MESSAGES.threadFull);
  await insertMessage(trx, { requestId: id, authorId: author.id, fromAdmin, body });
  await setState(trx, id, supportStateAfter(fromAdmin ? 'adminReply' : 'senderMessage'), {
    messageWritten: true,
  });
}

/**
 * The sender's follow-up: to an open or answered request, or to a closed one, which opens it again.
 * Only the sender writes here; admins answer from the inbox (recordAdminReply).
 */
export async function addSenderMessage(
  db: Kysely<Database>,
  user: User | null,
  id: string,
  body: string,
): Promise<SupportThread> {
  const sender = requireRole(user);
  await db.transaction().execute(async (trx) => {
    const request = await lockRequest(trx, id);
    if (!request || (request.sender_id !== sender.id && sender.role !== 'admin')) {
      throw notFound(SUPPORT_MESSAGES.notFound);
    }
    if (request.sender_id !== sender.id) throw forbidden('Admins answer from the support inbox');
    await writeMessage(trx, id, sender, false, body);
  });
  return threadOf(db, id);
}

/**
 * THE place an admin's reply is recorded: the reply is added to the thread, the request becomes
 * answered, and the sender is emailed the reply with a link back to /help/<id> through the outbox and
 * notified in the app (when their settings allow it), all in one transaction.
 */
export async function recordAdminReply(
  deps: SupportDeps,
  user: User | null,
  id: string,
  body: string,
): Promise<SupportThread> {
  const admin = requireRole(user, ['admin']);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await lockRequest(trx, id))) throw notFound(SUPPORT_MESSAGES.notFound);
    await writeMessage(trx, id, admin, true, body);
    const row = await findRequest(trx, id);
    if (!row) throw notFound(SUPPORT_MESSAGES.notFound);
    await enqueueMail(
      trx,
      supportReplyMail({
        to: row.sender_email,
        name: row.sender_first_name,
        subject: row.subject,
        reply: body,
        url: `${deps.publicUrl}/help/${id}`,
      }),
    );
    await notifyUser(trx, {
      userId: row.sender_id,
      kind: 'support_reply',
      title: 'Rentza support replied',
      body: row.subject,
      link: `/help/${id}`,
    });
  });
  deps.pokeMail();
  return threadOf(deps.db, id);
}

/** An admin closes a request (closing a closed one changes nothing); the sender may reopen it by writing. */
export async function closeSupportRequest(
  db: Kysely<Database>,
  user: User | null,
  id: string,
): Promise<SupportThread> {
  requireRole(user, ['admin']);
  await db.transaction().execute(async (trx) => {
    if (!(await lockRequest(trx, id))) throw notFound(SUPPORT_MESSAGES.notFound);
    await setState(trx, id, supportStateAfter('close'), { messageWritten: false });
  });
  return threadOf(db, id);
}

/** The admins' inbox, a page at a time: Business senders first, then Pro, then the rest; oldest first. */
export async function supportInboxFor(
  db: Kysely<Database>,
  user: User | null,
  query: { state?: SupportInboxQuery['state']; page: number; page_size: number },
): Promise<SupportInboxPage> {
  requireRole(user, ['admin']);
  const [total, rows] = await Promise.all([
    countInbox(db, query.state),
    listInbox(db, query.state, (query.page - 1) * query.page_size, query.page_size),
  ]);
  const items: SupportInboxItem[] = rows.map((row) => ({ ...summaryOf(row), sender: senderOf(row) }));
  return { items, total, page: query.page, page_size: query.page_size };
}
