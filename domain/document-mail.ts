import type { RequestedKind } from './documents.ts';

/**
 * The words of a document email, the same whether the business's mail client opens it (a mailto:
 * link, spec booking-core §2) or the server sends it with the PDF attached.
 */
export interface DocumentMailInput {
  kind: RequestedKind;
  /** 'Tax Invoice' or 'Invoice' for an invoice. */
  title: string;
  number: string | null;
  reference: string;
  propertyTitle: string;
  when: string;
  clientFirstName: string;
  businessName: string;
  /** Where the client finds their documents (My Reservations). */
  link: string;
  /** True when the PDF travels with the email. */
  attached: boolean;
}

export interface DocumentMail {
  subject: string;
  paragraphs: string[];
  signOff: string;
}

function what(input: DocumentMailInput): string {
  if (input.kind === 'confirmation') return 'booking confirmation';
  if (input.kind === 'quote') return 'quote';
  return `${input.title.toLowerCase()} ${input.number ?? ''}`.trim();
}

export function documentMail(input: DocumentMailInput): DocumentMail {
  const subjectWhat =
    input.kind === 'confirmation'
      ? 'Booking confirmation'
      : input.kind === 'quote'
        ? 'Quote'
        : `${input.title} ${input.number ?? ''}`.trim();
  const document = what(input);
  return {
    subject: `${subjectWhat}: ${input.propertyTitle} (${input.reference}) from ${input.businessName}`,
    paragraphs: [
      input.attached
        ? `Please find attached the ${document} for your booking of ${input.propertyTitle}, ${input.when} (reference ${input.reference}).`
        : `Your ${document} for your booking of ${input.propertyTitle}, ${input.when} (reference ${input.reference}) is ready.`,
      `You can view and download it any time under My Reservations: ${input.link}`,
    ],
    signOff: `Kind regards,\n${input.businessName}`,
  };
}

/** The plain-text body: greeting, paragraphs, sign-off. */
export function documentMailText(mail: DocumentMail, firstName: string): string {
  return [`Dear ${firstName},`, ...mail.paragraphs, mail.signOff].join('\n\n');
}

/** A mailto: link with the client's address, a subject and a body (spaces as %20, lines as %0D%0A). */
export function mailtoLink(to: string, subject: string, body: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%0A/g, '%0D%0A');
  return `mailto:${encodeURIComponent(to).replace(/%40/g, '@')}?subject=${encode(subject)}&body=${encode(body)}`;
}
