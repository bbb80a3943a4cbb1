import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatBusinessDate, formatDisplayDate, todayInBusinessZone } from '../../../../domain/dates.ts';
import { formatRandCents } from '../../../../domain/money.ts';
import { bookedWhen, bookingTimes } from '../../../../domain/owner-units.ts';
import { placeLabel } from '../../../../domain/property.ts';
import { clientCancelRefusal } from '../../../../domain/reservation.ts';
import { ArchivedBadge } from '../../../components/archived-badge.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type Reservation, useCancelReservation } from '../api.ts';
import { StatusBadge } from './status-badge.tsx';

export const CANCELLED_MESSAGE = 'Reservation cancelled successfully';

function Detail({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** The mutation lives in the card: this button unmounts once the reservation is no longer pending. */
function CancelButton({
  reservation,
  cancel,
}: {
  reservation: Reservation;
  cancel: ReturnType<typeof useCancelReservation>;
}) {
  const title = reservation.property?.title ?? 'this property';
  const confirmCancel = () =>
    modals.openConfirmModal({
      title: 'Cancel reservation',
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Are you sure you want to cancel your reservation at {title}{' '}
            {bookingTimes(reservation)
              ? `on ${bookedWhen(reservation)}`
              : `from ${formatDisplayDate(reservation.start_date)} to ${formatDisplayDate(reservation.end_date)}`}
            ?
          </Text>
          <Text size="sm" c="dimmed">
            The owner will be emailed and the dates become available to others.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Cancel reservation', cancel: 'Keep reservation' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(reservation.id, {
          onSuccess: () => notifySuccess(CANCELLED_MESSAGE),
          onError: (error) => notifyError(error.message),
        }),
    });
  return (
    <Button variant="default" size="xs" onClick={confirmCancel} loading={cancel.isPending}>
      Cancel reservation
    </Button>
  );
}

/**
 * One of a client's reservations on My Reservations: the stay, its reference, cancelling while
 * pending, and (from the screen) its document buttons.
 */
export function ClientReservationCard({
  reservation,
  documents,
}: {
  reservation: Reservation;
  documents?: ReactNode;
}) {
  const cancel = useCancelReservation();
  const cancellable = clientCancelRefusal(reservation, todayInBusinessZone()) === null;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={reservation.property?.title ?? 'Reservation'}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} size="h4">
              {reservation.property ? (
                <Anchor component={Link} to={`/property/${reservation.property_id}`} inherit>
                  {reservation.property.title}
                </Anchor>
              ) : (
                'Property Details Unavailable'
              )}
            </Title>
            {reservation.property?.archived && <ArchivedBadge />}
            {reservation.property && (
              <Text size="sm" c="dimmed">
                {placeLabel(reservation.property.location, reservation.property.city)}
              </Text>
            )}
          </div>
          <StatusBadge status={reservation.status} clientFacing />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {bookingTimes(reservation) ? (
            // An hourly booking is one day: its date, and its times with the hours as the duration.
            <Detail label="Date" value={formatDisplayDate(reservation.start_date)} />
          ) : (
            <>
              <Detail label="Check-in" value={formatDisplayDate(reservation.start_date)} />
              <Detail label="Check-out" value={formatDisplayDate(reservation.end_date)} />
            </>
          )}
          <Detail label="Duration" value={reservation.duration} />
          <Detail label="Guests" value={reservation.guests} />
          <Detail label="Total amount" value={formatRandCents(reservation.total_price_cents)} />
          <Detail label="Booked on" value={formatBusinessDate(reservation.created_at)} />
        </SimpleGrid>
        {reservation.special_requests && (
          <Detail label="Special requests" value={reservation.special_requests} />
        )}
        {documents}
        <Group justify="space-between" align="center" gap="xs">
          <Text size="xs" c="dimmed">
            Reservation ID: {reservation.reference}
          </Text>
          {cancellable && <CancelButton reservation={reservation} cancel={cancel} />}
        </Group>
      </Stack>
    </Card>
  );
}
