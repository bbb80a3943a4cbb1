import { ActionIcon, Menu } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { documentFileName, documentRefusal } from '../../../../domain/documents.ts';
import type { Reservation } from '../../../../domain/schemas/reservation.ts';
import { ApiError } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useReservationDocuments, useSendDocument } from '../api.ts';
import { documentMailto } from '../document-mail.ts';
import { downloadDocument, openMailClient, printDocument } from '../open-document.ts';

type LiveKind = 'confirmation' | 'quote';
const LABEL: Record<LiveKind, string> = { confirmation: 'confirmation', quote: 'quote' };
const SENT: Record<'confirmation' | 'quote' | 'invoice', string> = {
  confirmation: 'Confirmation',
  quote: 'Quote',
  invoice: 'Invoice',
};

export const sentMessage = (kind: keyof typeof SENT, to: string) => `${SENT[kind]} sent to ${to}`;
const failure = (error: unknown) => notifyError(error instanceof ApiError ? error.message : 'Failed to send');

/**
 * A reservation's document actions in its row (spec booking-core §2): the confirmation once confirmed, the
 * quote while pending — print, download, email (mail client) or send (emailed with the PDF) — and,
 * once confirmed or completed, the invoice, which opens its dialog (issuing needs a look first).
 */
export function DocumentsMenu({
  reservation,
  onInvoice,
}: {
  reservation: Reservation;
  onInvoice: (reservation: Reservation) => void;
}) {
  const [opened, setOpened] = useState(false);
  const overview = useReservationDocuments(reservation.id, opened);
  const send = useSendDocument(reservation.id);
  const title = reservation.property?.title ?? 'property';
  const kinds = (['confirmation', 'quote'] as const).filter(
    (kind) => !documentRefusal(kind, reservation.status),
  );
  const url = (kind: LiveKind) => `/api/reservations/${reservation.id}/documents/${kind}.pdf`;

  const email = async (kind: LiveKind) => {
    try {
      const data = overview.data ?? (await overview.refetch({ throwOnError: true })).data;
      if (data) openMailClient(documentMailto(data, reservation, kind));
    } catch (error) {
      failure(error);
    }
  };
  const sendNow = (kind: LiveKind) =>
    send.mutate(
      { kind },
      { onSuccess: (result) => notifySuccess(sentMessage(kind, result.sent_to)), onError: failure },
    );

  // A cancelled booking has none of them (its invoice, if any, was credited): no empty menu.
  if (kinds.length === 0 && documentRefusal('invoice', reservation.status)) return null;
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Documents for ${title}`}>
          <IconFileInvoice size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {kinds.map((kind) => (
          <Fragment key={kind}>
            <Menu.Label>{kind === 'quote' ? 'Quote' : 'Booking confirmation'}</Menu.Label>
            <Menu.Item onClick={() => void printDocument(url(kind))}>Print {LABEL[kind]}</Menu.Item>
            <Menu.Item
              onClick={() => downloadDocument(url(kind), documentFileName(kind, reservation.reference))}
            >
              Download {LABEL[kind]}
            </Menu.Item>
            <Menu.Item onClick={() => void email(kind)}>Email {LABEL[kind]}</Menu.Item>
            <Menu.Item onClick={() => sendNow(kind)}>Send {LABEL[kind]}</Menu.Item>
          </Fragment>
        ))}
        {!documentRefusal('invoice', reservation.status) && (
          <>
            <Menu.Label>Invoice</Menu.Label>
            <Menu.Item onClick={() => onInvoice(reservation)}>Invoice…</Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
