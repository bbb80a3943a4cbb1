import { Alert, Button, Card, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMyDocuments } from '../features/documents/api.ts';
import { ClientDocuments } from '../features/documents/components/client-documents.tsx';
import { useMyReservations } from '../features/reservations/api.ts';
import { BookingPaymentPanel } from '../features/reservations/components/booking-payment-panel.tsx';
import { ClientReservationCard } from '../features/reservations/components/client-reservation-card.tsx';
import { usePageTitle } from '../lib/page-title.ts';

export default function MyReservationsPage() {
  usePageTitle('My Reservations');
  const { data, isPending, isError, refetch } = useMyReservations();
  const documents = useMyDocuments(!!data && data.length > 0);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>My Reservations</Title>
          <Text c="dimmed">View and manage your bookings</Text>
        </div>
        {isPending && (
          <Stack role="status" aria-busy="true" aria-label="Loading reservations">
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
              {/* Browsing, not "/": a signed-in client opening home lands back here (decision 045). */}
              <Button component={Link} to="/properties">
                Start Browsing
              </Button>
            </Stack>
          </Card>
        )}
        {data?.map((reservation) => (
          <ClientReservationCard
            key={reservation.id}
            reservation={reservation}
            documents={
              <>
                <BookingPaymentPanel reservation={reservation} />
                <ClientDocuments
                  reservation={reservation}
                  documents={(documents.data ?? []).filter((d) => d.reservation_id === reservation.id)}
                />
              </>
            }
          />
        ))}
      </Stack>
    </Container>
  );
}
