import { renderActionMail } from '../../platform/mail/templates.ts';
import type { OutgoingMail } from '../../platform/mail/transports.ts';

export const supportReplySubject = (subject: string) => `Rentza support replied: ${subject}`;

/** The sender's copy of an admin's reply, with the thread's link (always sent: it answers their question). */
export function supportReplyMail(input: {
  to: string;
  name: string;
  subject: string;
  reply: string;
  url: string;
}): OutgoingMail {
  return renderActionMail({
    to: input.to,
    subject: supportReplySubject(input.subject),
    greetingName: input.name,
    paragraphs: [`Rentza support replied to your request “${input.subject}”:`, input.reply],
    action: { label: 'Open your request', url: input.url },
    footnote:
      'To answer, open your request and add a message there; replying to this email does not reach us.',
  });
}
