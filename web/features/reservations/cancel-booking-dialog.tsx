import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { describeCancellationQuote } from '../../../domain/client-cancellation.ts';
import { formatDisplayDate } from '../../../domain/dates.ts';
import { bookedWhen, bookingTimes } from '../../../domain/owner-units.ts';
import { CancellationPreviewSchema } from '../../../domain/schemas/online-payments.ts';
import { api, refusalOr } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import type { Reservation, useCancelReservation } from './api.ts';

export const CANCELLED_MESSAGE = 'Reservation cancelled successfully';
export const PREVIEW_FAILED = 'Failed to load what cancelling costs. Please try again.';

/** What cancelling the booking now costs (GET /api/my/reservations/:id/cancellation). */
export function useCancellationPreview(reservationId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['reservations', 'cancellation', reservationId],
    queryFn: () => api.get(`/api/my/reservations/${reservationId}/cancellation`, CancellationPreviewSchema),
    enabled,
    staleTime: 0,
  });
}

/**
 * A client cancelling their own booking (issue 23 item 5, docs/decisions/063): the dialog loads what
 * cancelling now costs under the owner's policy and says it before the client confirms — "Free
 * cancellation until 5 Dec 2026." or "Cancelling now costs R X (50% of R Y). You have paid R Z; the
 * owner will refund R W."
 */
export function CancelBookingDialog({
  reservation,
  opened,
  onClose,
  cancel,
}: {
  reservation: Reservation;
  opened: boolean;
  onClose: () => void;
  /** Held by the card, which outlives this dialog: the toast comes even once the booking shows cancelled. */
  cancel: ReturnType<typeof useCancelReservation>;
}) {
  const preview = useCancellationPreview(reservation.id, opened);
  const title = reservation.property?.title ?? 'this property';
  const when = bookingTimes(reservation)
    ? `on ${bookedWhen(reservation)}`
    : `from ${formatDisplayDate(reservation.start_date)} to ${formatDisplayDate(reservation.end_date)}`;
  const quote = preview.data;
  const confirm = () =>
    cancel.mutate(reservation.id, {
      onSuccess: () => {
        notifySuccess(CANCELLED_MESSAGE);
        onClose();
      },
      onError: (error) => notifyError(error.message),
    });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Cancel booking"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">
          Are you sure you want to cancel your reservation at {title} {when}?
        </Text>
        {preview.isPending ? (
          <Stack gap={6} role="status" aria-busy="true" aria-label="Loading what cancelling costs">
            <Skeleton height={14} />
            <Skeleton height={14} width="70%" />
          </Stack>
        ) : preview.isError ? (
          <Alert color="red" role="alert">
            {refusalOr(preview.error, PREVIEW_FAILED)}
          </Alert>
        ) : quote?.refusal ? (
          <Alert color="yellow" role="alert">
            {quote.refusal}
          </Alert>
        ) : (
          quote && (
            <>
              <Text size="sm" fw={600}>
                {describeCancellationQuote(quote)}
              </Text>
              <Text size="sm" c="dimmed">
                {quote.policyText} The owner will be emailed and the dates become available to others.
              </Text>
            </>
          )
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Keep booking
          </Button>
          <Button color="red" onClick={confirm} loading={cancel.isPending} disabled={!quote?.cancellable}>
            Cancel booking
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
