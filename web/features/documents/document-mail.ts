import { documentMail, documentMailText, mailtoLink } from '../../../domain/document-mail.ts';
import type { RequestedKind } from '../../../domain/documents.ts';
import { bookedWhen } from '../../../domain/owner-units.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import type { DocumentSummary, ReservationDocuments } from './api.ts';

/** The spec's Email action: the client's address, a subject and a body, for the business's mail client. */
export function documentMailto(
  overview: ReservationDocuments,
  reservation: Reservation,
  kind: RequestedKind,
  document?: DocumentSummary,
): string {
  const words = documentMail({
    kind,
    title: document?.title ?? '',
    number: document?.number ?? null,
    reference: reservation.reference,
    propertyTitle: reservation.property?.title ?? 'your booking',
    when: bookedWhen(reservation),
    clientFirstName: overview.client.first_name,
    businessName: overview.business.trading_name,
    link: `${window.location.origin}/my-reservations`,
    attached: false,
  });
  return mailtoLink(
    overview.client.email,
    words.subject,
    documentMailText(words, overview.client.first_name),
  );
}
