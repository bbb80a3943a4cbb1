import net from 'node:net';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/types.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where replies go (a business's own address for its documents); the From address otherwise. */
  replyTo?: string | null;
}

/** A file sent with an email; the bytes are loaded from its document when the email is sent. */
export interface MailAttachment {
  id: string;
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** An outbox email being delivered: its row id and its attachments. */
export interface DeliverableMail extends OutgoingMail {
  id: string;
  attachments: MailAttachment[];
}

export interface MailTransport {
  kind: 'smtp' | 'dev-mailbox';
  send: (mail: DeliverableMail) => Promise<void>;
  /** Sends several mails at once, all or none (the outbox falls back to send on failure). */
  sendBatch?: (mails: DeliverableMail[]) => Promise<void>;
  /** Closes pooled connections (on shutdown). */
  close?: () => void;
}

/** Connections the SMTP pool keeps open by default; SMTP_URL's own `maxConnections` wins. */
export const SMTP_POOL_CONNECTIONS = 10;

/**
 * Messages one pooled connection sends before it is closed and opened again; SMTP_URL's own
 * `maxMessages` wins. nodemailer's default of 100 meant a new connection (TCP, TLS, EHLO, AUTH)
 * every 100 mails under load.
 */
export const SMTP_MESSAGES_PER_CONNECTION = 1000;

/**
 * SMTP_URL with connection pooling on (docs/decisions/067): the outbox sends a batch over a few kept-open
 * connections instead of a new connection and handshake per mail. Options already in the URL stand.
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections'))
    url.searchParams.set('maxConnections', String(SMTP_POOL_CONNECTIONS));
  if (!url.searchParams.has('maxMessages'))
    url.searchParams.set('maxMessages', String(SMTP_MESSAGES_PER_CONNECTION));
  return url.toString();
}

/**
 * A pooled connection's socket with Nagle's algorithm off (nodemailer's getSocket hook): the body of
 * a message would otherwise wait for the server's delayed ACK of its first small chunk, about 40 ms a
 * message on each connection. Implicit TLS (smtps:, port 465) keeps nodemailer's own socket.
 */
function noDelaySocket(
  options: { secure?: boolean; port?: number; host?: string; connectionTimeout?: number },
  callback: (error: Error | null, socket: { connection: net.Socket } | false | null) => void,
) {
  // As nodemailer decides: secure when asked, or on port 465 unless secure is said to be false.
  const implicitTls = options.secure ?? Number(options.port) === 465;
  if (implicitTls) return setImmediate(() => callback(null, false));
  const socket = net.connect({ host: options.host || 'localhost', port: Number(options.port) || 587 });
  socket.setNoDelay(true);
  const timer = setTimeout(
    () => socket.destroy(new Error('Connection timeout')),
    options.connectionTimeout ?? 120_000,
  );
  const fail = (error: Error) => {
    clearTimeout(timer);
    callback(error, null);
  };
  socket.once('error', fail);
  socket.once('connect', () => {
    clearTimeout(timer);
    socket.removeListener('error', fail);
    callback(null, { connection: socket });
  });
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(pooledSmtpUrl(smtpUrl));
  Object.assign(transporter.transporter, { getSocket: noDelaySocket });
  return {
    kind: 'smtp',
    close: () => transporter.close(),
    send: async (mail) => {
      await transporter.sendMail({
        from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: `<${mail.id}@rentza>`,
        attachments: mail.attachments.map((file) => ({
          filename: file.fileName,
          content: file.content,
          contentType: file.contentType,
        })),
      });
    },
  };
}

/** Without SMTP, mail is delivered into the dev mailbox table, shown at /dev/mailbox (a batch in one statement). */
export function createDevMailboxTransport(db: Kysely<Database>): MailTransport {
  const deliver = async (mails: DeliverableMail[]) => {
    await db
      .insertInto('dev_mailbox')
      .values(
        mails.map((mail) => ({
          outbox_id: mail.id,
          to_address: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          reply_to: mail.replyTo ?? null,
          attachments: JSON.stringify(
            mail.attachments.map((file) => ({
              id: file.id,
              file_name: file.fileName,
              content_type: file.contentType,
              size: file.content.length,
            })),
          ),
        })),
      )
      .onConflict((oc) => oc.column('outbox_id').doNothing())
      .execute();
  };
  return { kind: 'dev-mailbox', send: (mail) => deliver([mail]), sendBatch: deliver };
}
