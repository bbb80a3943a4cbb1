import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDisplayDate } from '../../domain/dates.ts';
import { formatRand } from '../../domain/money.ts';
import { type Reservation, useReservations } from '../features/reservations/api.ts';
import { StatusBadge } from '../features/reservations/components/status-badge.tsx';

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

function ReservationCard({ reservation }: { reservation: Reservation }) {
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
              {reservation.property?.title ?? 'Property Details Unavailable'}
            </Title>
            {reservation.property && (
              <Text size="sm" c="dimmed">
                {reservation.property.location}, {reservation.property.city}
              </Text>
            )}
          </div>
          <StatusBadge status={reservation.status} clientFacing />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <Detail label="Check-in" value={formatDisplayDate(reservation.start_date)} />
          <Detail label="Check-out" value={formatDisplayDate(reservation.end_date)} />
          <Detail
            label="Duration"
            value={`${reservation.nights} night${reservation.nights === 1 ? '' : 's'}`}
          />
          <Detail label="Guests" value={reservation.guests} />
          <Detail label="Total amount" value={formatRand(reservation.total_price_cents)} />
          <Detail label="Booked on" value={formatDisplayDate(reservation.created_at.slice(0, 10))} />
        </SimpleGrid>
        {reservation.special_requests && (
          <Detail label="Special requests" value={reservation.special_requests} />
        )}
        <Text size="xs" c="dimmed">
          Reservation ID: {reservation.id}
        </Text>
      </Stack>
    </Card>
  );
}

export default function MyReservationsPage() {
  const { data, isPending, isError, refetch } = useReservations();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>My Reservations</Title>
          <Text c="dimmed">View and manage your bookings</Text>
        </div>
        {isPending && (
          <Stack aria-busy="true" aria-label="Loading reservations">
            <Skeleton height={180} />
            <Skeleton height={180} />
          </Stack>
        )}
        {isError && (
          <Alert color="red" role="alert" title="Could not load your reservations">
            <Button size="xs" mt="xs" variant="light" onClick={() => void refetch()}>
              Try Again
            </Button>
          </Alert>
        )}
        {data && data.length === 0 && (
          <Card withBorder padding="xl" radius="md">
            <Stack align="center" gap="xs">
              <IconCalendarOff size={40} aria-hidden />
              <Title order={2} size="h3">
                No Reservations Found
              </Title>
              <Text c="dimmed">You haven't made any reservations yet.</Text>
              <Button component={Link} to="/">
                Start Browsing
              </Button>
            </Stack>
          </Card>
        )}
        {data?.map((reservation) => (
          <ReservationCard key={reservation.id} reservation={reservation} />
        ))}
      </Stack>
    </Container>
  );
}
