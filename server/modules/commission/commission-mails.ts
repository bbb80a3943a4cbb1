import { formatDisplayDate } from '../../../domain/dates.ts';
import { formatRandCents } from '../../../domain/money.ts';
import { formatPlatformInvoiceNumber } from '../../../domain/subscription-invoices.ts';
import { renderActionMail } from '../../platform/mail/templates.ts';
import type { OutgoingMail } from '../../platform/mail/transports.ts';

interface StatementMailInput {
  to: string;
  name: string;
  monthLabel: string;
  number: number;
  amountCents: number;
  dueDate: string;
  /** `${PUBLIC_URL}/subscription?tab=billing` */
  billingUrl: string;
}

/** The monthly statement and its tax invoice, sent when the sweep closes the month. */
export function commissionStatementMail(input: StatementMailInput): OutgoingMail {
  return renderActionMail({
    to: input.to,
    subject: `Your Rentza commission statement for ${input.monthLabel}`,
    greetingName: input.name,
    paragraphs: [
      `Your commission for bookings completed in ${input.monthLabel} comes to ${formatRandCents(input.amountCents)} (VAT included). Tax invoice ${formatPlatformInvoiceNumber(input.number)} is ready to download from the Billing tab.`,
      `Please pay it by ${formatDisplayDate(input.dueDate)}. If it is still unpaid after that date, your account becomes Payment Due.`,
    ],
    action: { label: 'View and pay', url: input.billingUrl },
  });
}

/** A statement not paid by its due date: the account is Payment Due. */
export function commissionOverdueMail(input: StatementMailInput & { graceEndsOn: string }): OutgoingMail {
  return renderActionMail({
    to: input.to,
    subject: 'Payment due for your Rentza commission',
    greetingName: input.name,
    paragraphs: [
      `We have not received the payment of ${formatRandCents(input.amountCents)} for your ${input.monthLabel} commission statement (tax invoice ${formatPlatformInvoiceNumber(input.number)}), which was due on ${formatDisplayDate(input.dueDate)}.`,
      `Your listings stay online until ${formatDisplayDate(input.graceEndsOn)}. If the payment has not arrived by then, your account becomes inactive and your listings are hidden from search.`,
    ],
    action: { label: 'Pay now', url: input.billingUrl },
  });
}
