import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Modal,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDisplayDate } from '../../../../domain/dates.ts';
import type { InvoiceIssueInput } from '../../../../domain/schemas/documents.ts';
import type { Reservation } from '../../../../domain/schemas/reservation.ts';
import { isValidVatNumber, VAT_NUMBER_MESSAGE } from '../../../../domain/vat.ts';
import { ApiError } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  type InvoiceIssueResult,
  type ReservationDocuments,
  useIssueInvoice,
  useReservationDocuments,
  useSendDocument,
} from '../api.ts';
import { documentMailto } from '../document-mail.ts';
import { downloadDocument, openMailClient, printDocument } from '../open-document.ts';
import { sentMessage } from './documents-menu.tsx';
import { IssuedDocuments } from './issued-documents.tsx';

const failure = (error: unknown) =>
  notifyError(error instanceof ApiError ? error.message : 'Failed to issue the invoice');

function InvoiceState({ invoice }: { invoice: ReservationDocuments['invoice'] }) {
  const current = invoice.current;
  if (!current)
    return <Text size="sm">No invoice has been issued yet: the first action below issues one.</Text>;
  const issued = `${current.number} was issued on ${formatDisplayDate(current.issue_date)}`;
  return invoice.up_to_date ? (
    <Text size="sm">{issued} and matches the reservation.</Text>
  ) : (
    <Alert color="yellow" title="The reservation has changed">
      {issued}. The next action issues a new invoice that replaces it, and a credit note reverses it.
    </Alert>
  );
}

/**
 * Issuing, printing, emailing and sending a reservation's invoice, with what the business should
 * know first: its business details, VAT warnings (domain invoiceWarnings), and — a tax invoice over
 * R 5 000 — the client's address and VAT number.
 */
export function InvoiceDialog({
  reservation,
  onClose,
}: {
  reservation: Reservation | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={!!reservation}
      onClose={onClose}
      title="Invoice"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {reservation && <InvoicePanel reservation={reservation} />}
    </Modal>
  );
}

function InvoicePanel({ reservation }: { reservation: Reservation }) {
  const { data, isPending, isError } = useReservationDocuments(reservation.id);
  const issue = useIssueInvoice(reservation.id);
  const send = useSendDocument(reservation.id);
  const [address, setAddress] = useState('');
  const [vatNumber, setVatNumber] = useState('');
  useEffect(() => {
    if (!data) return;
    setAddress((value) => value || data.client.address || '');
    setVatNumber((value) => value || data.client.vat_number || '');
  }, [data]);

  if (isPending) return <Skeleton height={200} />;
  if (isError || !data) return <Alert color="red">Failed to load the invoice</Alert>;

  const needsRecipient = data.invoice.recipient_details_required;
  const vatError = vatNumber.trim() && !isValidVatNumber(vatNumber) ? VAT_NUMBER_MESSAGE : null;
  const blocked = !data.business.ready || (needsRecipient && (!address.trim() || !!vatError));
  const input: InvoiceIssueInput = needsRecipient
    ? { recipient_address: address, recipient_vat_number: vatNumber }
    : {};
  const busy = issue.isPending || send.isPending;

  const issued = async (): Promise<InvoiceIssueResult> => {
    const result = await issue.mutateAsync(input);
    if (result.issued) {
      const replaced = result.document.replaces_number
        ? ` (replaces ${result.document.replaces_number})`
        : '';
      notifySuccess(`Invoice ${result.document.number} issued${replaced}`);
    }
    return result;
  };
  const act = (action: (result: InvoiceIssueResult) => void) => async () => {
    try {
      action(await issued());
    } catch (error) {
      failure(error);
    }
  };
  const print = () => printDocument(async () => (await issued()).document.pdf_url).catch(failure);

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {reservation.property?.title ?? 'Booking'} · {reservation.client.first_name}{' '}
        {reservation.client.last_name} · {reservation.reference}
      </Text>
      {!data.business.ready && (
        <Alert color="red" title="Business details needed">
          Please add your business details (trading name and address) on your{' '}
          <Anchor component={Link} to="/profile">
            profile
          </Anchor>{' '}
          before issuing invoices.
        </Alert>
      )}
      <InvoiceState invoice={data.invoice} />
      {data.invoice.warnings.length > 0 && (
        <Alert color="yellow" title="Check the billing lines">
          <List size="sm">
            {data.invoice.warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {needsRecipient && (
        <Stack gap="xs">
          <Text size="sm">
            A tax invoice over R 5 000 names the client’s address, and their VAT number if they have one.
          </Text>
          <Textarea
            label="Client address"
            required
            autosize
            minRows={3}
            value={address}
            onChange={(event) => setAddress(event.currentTarget.value)}
            error={address.trim() ? null : 'Address is required'}
          />
          <TextInput
            label="Client VAT number"
            value={vatNumber}
            onChange={(event) => setVatNumber(event.currentTarget.value)}
            error={vatError}
          />
        </Stack>
      )}
      <Group gap="xs">
        <Button onClick={print} disabled={blocked} loading={busy}>
          Print invoice
        </Button>
        <Button
          variant="default"
          disabled={blocked || busy}
          onClick={act((result) => downloadDocument(result.document.pdf_url, result.document.file_name))}
        >
          Download invoice
        </Button>
        <Button
          variant="default"
          disabled={blocked || busy}
          onClick={act((result) =>
            openMailClient(documentMailto(data, reservation, 'invoice', result.document)),
          )}
        >
          Email invoice
        </Button>
        <Button
          variant="default"
          disabled={blocked || busy}
          onClick={() =>
            send.mutate(
              { kind: 'invoice', ...input },
              {
                onSuccess: (result) => notifySuccess(sentMessage('invoice', result.sent_to)),
                onError: failure,
              },
            )
          }
        >
          Send invoice
        </Button>
      </Group>
      <IssuedDocuments documents={data.documents} />
    </Stack>
  );
}
