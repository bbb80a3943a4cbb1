import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatRandCents } from '../../../../domain/money.ts';
import type { Reservation } from '../../../../domain/schemas/reservation.ts';
import { refusalOr } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSendPaymentLink } from '../../reservations/payment-api.ts';

export const SEND_LINK_FAILED = 'Failed to send the payment link';

/**
 * The Transactions tab's "Send payment link" (issue 23 item 3, decision 061): for a confirmed booking
 * with a balance, after a confirmation naming the client's email.
 */
export function SendPaymentLinkButton({
  reservation,
  balanceCents,
}: {
  reservation: Reservation;
  balanceCents: number;
}) {
  const send = useSendPaymentLink(reservation.id);
  if (reservation.status !== 'confirmed' || balanceCents <= 0) return null;
  const email = reservation.client?.email ?? 'the client';
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Send payment link',
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Text size="sm">
          Email {email} a link to pay the balance of {formatRandCents(balanceCents)} for{' '}
          {reservation.reference} through your PayFast checkout? The link works for 60 days.
        </Text>
      ),
      labels: { confirm: 'Send link', cancel: 'Cancel' },
      onConfirm: () =>
        send.mutate(undefined, {
          onSuccess: (sent) => notifySuccess(`Payment link sent to ${sent.sentTo}`),
          onError: (error) => notifyError(refusalOr(error, SEND_LINK_FAILED)),
        }),
    });
  return (
    <Group mt="xs">
      <Button variant="light" size="xs" onClick={confirm} loading={send.isPending}>
        Send payment link
      </Button>
    </Group>
  );
}
