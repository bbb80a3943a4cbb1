import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/types.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailTransport {
  kind: 'smtp' | 'dev-mailbox';
  send: (mail: OutgoingMail & { id: string }) => Promise<void>;
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: `<${mail.id}@rentza>`,
      });
    },
  };
}

/** Without SMTP, mail is delivered into the dev mailbox table, shown at /dev/mailbox. */
export function createDevMailboxTransport(db: Kysely<Database>): MailTransport {
  return {
    kind: 'dev-mailbox',
    send: async (mail) => {
      await db
        .insertInto('dev_mailbox')
        .values({
          outbox_id: mail.id,
          to_address: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        })
        .onConflict((oc) => oc.column('outbox_id').doNothing())
        .execute();
    },
  };
}
