import {
  Alert,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DatePicker, DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { canManageReservationsOf } from '../../domain/access.ts';
import { addDays, todayInBusinessZone } from '../../domain/dates.ts';
import { bookingAsksForGuests, bookingHeader, maxGuestsFor } from '../../domain/reservation.ts';
import { type CurrentUser, useCurrentUser } from '../features/account/api.ts';
import { type Property, useProperty } from '../features/properties/api.ts';
import { BookingSummary } from '../features/properties/components/booking-summary.tsx';
import { useAvailability, useClients, useSaveReservation } from '../features/reservations/api.ts';
import { EMPTY_NEW_CLIENT, NewClientForm } from '../features/reservations/components/new-client-form.tsx';
import { ApiError } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';

/** The spec's reservation-page error mapping. */
export function bookingErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Failed to create reservation: Unknown error';
  if (error.status === 401) return 'Authentication error. Please log out and log back in.';
  if (/client/i.test(error.message)) return 'Invalid client information. Please select a valid client.';
  if (/column/i.test(error.message)) return 'Database error. Please contact support if this persists.';
  return `Failed to create reservation: ${error.message || 'Unknown error'}`;
}

function landingAfterBooking(user: CurrentUser): string {
  if (user.role === 'client') return '/my-reservations';
  if (user.role === 'backoffice' || user.role === 'frontoffice') return '/calendar';
  return '/reservation-management';
}

function BookingForm({ property, user }: { property: Property; user: CurrentUser }) {
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 62em)', true);
  const availability = useAvailability(property.id);
  const forBusiness = user.role !== 'client' && canManageReservationsOf(user, property.owner_id);
  const clients = useClients(forBusiness);
  const save = useSaveReservation();
  const today = todayInBusinessZone();
  const available = new Set(availability.data?.dates ?? []);
  const firstAvailable = availability.data?.dates[0] ?? today;
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [guests, setGuests] = useState(1);
  const [clientId, setClientId] = useState<string | null>(null);
  const [addingClient, setAddingClient] = useState(false);
  const [newClient, setNewClient] = useState(EMPTY_NEW_CLIENT);
  const startDate = start ?? firstAvailable;
  const endDate = end ?? addDays(startDate, 1);
  const asksGuests = bookingAsksForGuests(property.type);
  const maxGuests = maxGuestsFor(property.type, property.specifications);
  const ready = endDate > startDate && (!forBusiness || !!clientId);

  const confirm = async () => {
    if (!ready) {
      notifyError('Missing required information');
      return;
    }
    try {
      await save.mutateAsync({
        payload: {
          property_id: property.id,
          ...(forBusiness ? { client_id: clientId } : {}),
          start_date: startDate,
          end_date: endDate,
          guests: asksGuests ? guests : 1,
        },
      });
      notifySuccess('Reservation created successfully');
      void navigate(landingAfterBooking(user));
    } catch (error) {
      notifyError(bookingErrorText(error));
    }
  };

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          {forBusiness && (
            <Stack gap="xs">
              <Group align="flex-end" wrap="nowrap">
                <Select
                  label="Client"
                  placeholder="Choose a client"
                  searchable
                  style={{ flex: 1 }}
                  data={(clients.data ?? []).map((c) => ({
                    value: c.id,
                    label: `${c.first_name} ${c.last_name} (${c.email})`,
                  }))}
                  value={clientId}
                  onChange={setClientId}
                />
                {user.role === 'owner' && (
                  <Button variant="light" onClick={() => setAddingClient(true)}>
                    + Add New Client
                  </Button>
                )}
              </Group>
              {addingClient && (
                <NewClientForm
                  values={newClient}
                  onChange={setNewClient}
                  onCreated={(client) => {
                    setClientId(client.id);
                    setAddingClient(false);
                    setNewClient(EMPTY_NEW_CLIENT);
                  }}
                  onCancel={() => setAddingClient(false)}
                />
              )}
            </Stack>
          )}
          <Group grow align="flex-start">
            <DatePickerInput
              label="Start date"
              valueFormat="DD/MM/YYYY"
              minDate={firstAvailable}
              value={startDate}
              onChange={(value) => {
                const next = value ? String(value) : null;
                setStart(next);
                if (next && endDate <= next) setEnd(addDays(next, 1));
              }}
            />
            <DatePickerInput
              label="End date"
              valueFormat="DD/MM/YYYY"
              minDate={addDays(startDate, 1)}
              value={endDate}
              onChange={(value) => setEnd(value ? String(value) : null)}
            />
          </Group>
          {asksGuests && (
            <NumberInput
              label={property.type === 'event_space' ? 'Attendees' : 'Guests'}
              min={1}
              max={maxGuests}
              clampBehavior="strict"
              allowDecimal={false}
              value={guests}
              description={`Up to ${maxGuests}`}
              onChange={(value) => setGuests(typeof value === 'number' ? value : 1)}
            />
          )}
          <Button size="md" onClick={() => void confirm()} disabled={save.isPending || !ready}>
            {save.isPending ? 'Processing...' : 'Confirm Reservation'}
          </Button>
          <section aria-labelledby="availability-heading">
            <Title order={2} size="h4" id="availability-heading" mb="xs">
              Availability for the next 3 months
            </Title>
            {availability.isPending && <Loader size="sm" aria-label="Loading availability" />}
            {availability.data && availability.data.dates.length === 0 && (
              <Text c="dimmed">No available dates found. Please check back later.</Text>
            )}
            {availability.data && availability.data.dates.length > 0 && (
              <DatePicker
                type="range"
                numberOfColumns={wide ? 2 : 1}
                minDate={today}
                maxDate={availability.data.dates[availability.data.dates.length - 1]}
                excludeDate={(date) => !available.has(String(date).slice(0, 10))}
                value={[startDate, endDate]}
                onChange={([from, to]) => {
                  if (from) setStart(String(from));
                  setEnd(to ? String(to) : null);
                }}
                ariaLabels={{ nextMonth: 'Next month', previousMonth: 'Previous month' }}
              />
            )}
          </section>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <BookingSummary property={property} start={startDate} end={endDate} guests={guests} />
      </Grid.Col>
    </Grid>
  );
}

export default function ReservationBookingPage() {
  const { id } = useParams();
  const { data: user } = useCurrentUser();
  const { data: property, isPending, isError } = useProperty(id);
  if (!id) {
    return (
      <Container py="xl">
        <Alert color="red">No property ID provided</Alert>
      </Container>
    );
  }
  if (isPending || !user) {
    return (
      <Center py={96}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (isError || !property) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert">
          Property not found
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="lg" py="xl">
      <Title order={1} size="h2" mb="lg">
        {bookingHeader(property.type, property.title)}
      </Title>
      <BookingForm property={property} user={user} />
    </Container>
  );
}
