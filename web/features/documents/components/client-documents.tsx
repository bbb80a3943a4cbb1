import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { agreementFileName, documentFileName, documentRefusal } from '../../../../domain/documents.ts';
import type { Reservation } from '../../../../domain/schemas/reservation.ts';
import type { DocumentSummary } from '../api.ts';

function DownloadButton({ href, fileName, label }: { href: string; fileName: string; label: string }) {
  return (
    <Button
      component="a"
      href={`${href}?download=1`}
      download={fileName}
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} aria-hidden />}
    >
      {label}
    </Button>
  );
}

/**
 * A client's documents on My Reservations (spec subscriptions §2): the confirmation once confirmed, the quote while
 * pending, and the invoice (or credit note) the business has issued — the same PDFs it has.
 */
export function ClientDocuments({
  reservation,
  documents,
}: {
  reservation: Reservation;
  documents: DocumentSummary[];
}) {
  const live = (kind: 'confirmation' | 'quote') =>
    `/api/reservations/${reservation.id}/documents/${kind}.pdf`;
  const invoice = documents.find((document) => document.kind === 'invoice' && !document.credited_by_number);
  const credit = documents.find((document) => document.kind === 'credit_note');
  const invoiceDue = !documentRefusal('invoice', reservation.status);
  return (
    <Group gap="xs" aria-label="Documents" role="group">
      {!documentRefusal('confirmation', reservation.status) && (
        <DownloadButton
          href={live('confirmation')}
          fileName={documentFileName('confirmation', reservation.reference)}
          label="Confirmation"
        />
      )}
      {!documentRefusal('quote', reservation.status) && (
        <DownloadButton
          href={live('quote')}
          fileName={documentFileName('quote', reservation.reference)}
          label="Quote"
        />
      )}
      {invoice && (
        <DownloadButton
          href={invoice.pdf_url}
          fileName={invoice.file_name}
          label={`Invoice ${invoice.number}`}
        />
      )}
      {!invoice && credit && (
        <DownloadButton
          href={credit.pdf_url}
          fileName={credit.file_name}
          label={`Credit note ${credit.number}`}
        />
      )}
      {reservation.agreement && (
        <DownloadButton
          href={`/api/agreements/${reservation.owner_id}/${reservation.agreement.version}/pdf`}
          fileName={agreementFileName(reservation.agreement.version)}
          label={`Rental agreement v${reservation.agreement.version}`}
        />
      )}
      {invoiceDue && !invoice && (
        <Text size="xs" c="dimmed">
          Your invoice appears here once it has been issued.
        </Text>
      )}
    </Group>
  );
}
