import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { formatBusinessDate, formatDisplayDate, todayInBusinessZone } from '../../../../domain/dates.ts';
import { formatRandCents } from '../../../../domain/money.ts';
import { bookingTimes } from '../../../../domain/owner-units.ts';
import { placeLabel } from '../../../../domain/property.ts';
import { clientCancelRefusal } from '../../../../domain/reservation.ts';
import { ArchivedBadge } from '../../../components/archived-badge.tsx';
import { type Reservation, useCancelReservation } from '../api.ts';
import { CancelBookingDialog } from '../cancel-booking-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';

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

/**
 * Opens the dialog that states what cancelling costs before the client confirms
 * (cancel-booking-dialog.tsx). The mutation lives in the card: this button unmounts once the
 * reservation is cancelled.
 */
function CancelButton({
  reservation,
  cancel,
}: {
  reservation: Reservation;
  cancel: ReturnType<typeof useCancelReservation>;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpened(true)}>
        Cancel reservation
      </Button>
      <CancelBookingDialog
        reservation={reservation}
        opened={opened}
        onClose={() => setOpened(false)}
        cancel={cancel}
      />
    </>
  );
}

/**
 * One of a client's reservations on My Reservations: the stay, its reference, cancelling (pending,
 * or confirmed under the owner's cancellation policy), and (from the screen) its document buttons.
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
