import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CLIENT_RECORD_MESSAGES } from '../../../../domain/clients.ts';
import { formatRandCents } from '../../../../domain/money.ts';
import { bookedWhen } from '../../../../domain/owner-units.ts';
import { ArchivedBadge } from '../../../components/archived-badge.tsx';
import { refusalOr } from '../../../lib/api.ts';
import { StatusBadge } from '../../reservations/components/status-badge.tsx';
import { type ClientBooking, useClientBookings } from '../api.ts';

function Figure({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={strong ? 700 : 500}>
        {formatRandCents(cents)}
      </Text>
    </Card>
  );
}

/** The reference, a button that opens the booking when the viewer may manage reservations. */
function Reference({ booking, onOpen }: { booking: ClientBooking; onOpen?: (id: string) => void }) {
  if (!onOpen) return <Text ff="monospace">{booking.reference}</Text>;
  return (
    <Anchor
      component="button"
      type="button"
      ff="monospace"
      onClick={() => onOpen(booking.id)}
      aria-label={`Open booking ${booking.reference}`}
    >
      {booking.reference}
    </Anchor>
  );
}

function Listing({ booking }: { booking: ClientBooking }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span>{booking.property?.title ?? 'Property Details Unavailable'}</span>
      {booking.property?.archived && <ArchivedBadge />}
    </Group>
  );
}

/**
 * The client's bookings with the business: reference, listing, dates, status, total and balance due
 * (from each booking's ledger), with the totals billed, received and due. `onOpen` opens a booking
 * in the reservation editor; without it (staff without the reservations permission) the rows are
 * read only.
 */
export function ClientBookings({ clientId, onOpen }: { clientId: string; onOpen?: (id: string) => void }) {
  const bookings = useClientBookings(clientId);
  const wide = useMediaQuery('(min-width: 48em)', true);
  if (bookings.isPending)
    return (
      <Stack role="status" aria-label="Loading bookings">
        <Skeleton height={72} radius="md" />
        <Skeleton height={160} radius="md" />
      </Stack>
    );
  if (bookings.isError)
    return (
      <Alert color="red" role="alert">
        {refusalOr(bookings.error, CLIENT_RECORD_MESSAGES.bookingsFailed)}
      </Alert>
    );
  const { bookings: rows, totals } = bookings.data;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} role="group" aria-label="Totals">
        <Figure label="Billed" cents={totals.billed_cents} />
        <Figure label="Received" cents={totals.received_cents} />
        <Figure label="Balance due" cents={totals.balance_due_cents} strong />
      </SimpleGrid>
      {rows.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          No bookings with you yet.
        </Text>
      )}
      {rows.length > 0 && wide && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Bookings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reference</Table.Th>
                <Table.Th>Listing</Table.Th>
                <Table.Th>Dates</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Balance due</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((booking) => (
                <Table.Tr key={booking.id}>
                  <Table.Td>
                    <Reference booking={booking} onOpen={onOpen} />
                  </Table.Td>
                  <Table.Td>
                    <Listing booking={booking} />
                  </Table.Td>
                  <Table.Td>{bookedWhen(booking)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={booking.status} />
                  </Table.Td>
                  <Table.Td ta="right">{formatRandCents(booking.billed_cents)}</Table.Td>
                  <Table.Td ta="right" fw={booking.balance_due_cents > 0 ? 600 : undefined}>
                    {formatRandCents(booking.balance_due_cents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rows.length > 0 && !wide && (
        <Stack gap="sm">
          {rows.map((booking) => (
            <Card
              key={booking.id}
              withBorder
              padding="sm"
              radius="md"
              component="article"
              aria-label={booking.reference}
            >
              <Group justify="space-between" wrap="nowrap">
                <Reference booking={booking} onOpen={onOpen} />
                <StatusBadge status={booking.status} />
              </Group>
              <Text fw={600} component="div" mt={4}>
                <Listing booking={booking} />
              </Text>
              <Text size="sm" c="dimmed">
                {bookedWhen(booking)}
              </Text>
              <Group justify="space-between" mt={4}>
                <Text size="sm">Total {formatRandCents(booking.billed_cents)}</Text>
                <Text size="sm" fw={600}>
                  Balance due {formatRandCents(booking.balance_due_cents)}
                </Text>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
