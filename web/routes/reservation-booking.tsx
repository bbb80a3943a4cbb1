import { Alert, Button, Center, Container, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { canCreateClientsOf, canManageReservationsOf } from '../../domain/access.ts';
import { bookingAsksForGuests, bookingHeader, maxGuestsFor } from '../../domain/booking-page.ts';
import {
  crossesTakenNight,
  isBookableStay,
  isCompleteStay,
  isNightFree,
  type NightAvailability,
  NO_STAY,
  rangeWithEnd,
  rangeWithStart,
  type StayRange,
} from '../../domain/booking-range.ts';
import {
  BOOKING_WINDOW_MESSAGES,
  lastEndDate,
  pastTimesOn,
  stayLengthRefusal,
} from '../../domain/booking-window.ts';
import { addDays, formatDisplayDate, todayInBusinessZone } from '../../domain/dates.ts';
import {
  type BookedPeriod,
  crossesTakenTime,
  type HourlyRules,
  hourlyBookingRefusal,
  hourlyDates,
  MONTHLY_DEFAULTS,
  MONTHLY_MESSAGES,
  monthlyEnd,
  NO_SLOTS,
  type PriceUnit,
  priceUnitFor,
  type SlotRange,
  slotRangeTimes,
  type TimeRange,
} from '../../domain/rental-unit.ts';
import { readStayChoice } from '../../domain/search-to-booking.ts';
import {
  LazyDatePickerInput as DatePickerInput,
  LazyNumberInput as NumberInput,
} from '../components/lazy-inputs.tsx';
import { type CurrentUser, useCurrentUser } from '../features/account/api.ts';
import { useAgreementInForce } from '../features/agreements/api.ts';
import { AgreementAcceptance } from '../features/agreements/components/agreement-acceptance.tsx';
import { type ListingDetail, useProperty } from '../features/properties/api.ts';
import { BookingSummary } from '../features/properties/components/booking-summary.tsx';
import {
  clientsBusinessParam,
  type ReservationPayload,
  useAvailability,
  useDayTimes,
  useSaveReservation,
} from '../features/reservations/api.ts';
import type { ClientChoice } from '../features/reservations/components/client-picker.tsx';
import { EMPTY_NEW_CLIENT } from '../features/reservations/components/new-client-values.ts';
import { SlotPicker } from '../features/reservations/components/slot-picker.tsx';
import { DayCalendar, dayOf, StayCalendar } from '../features/reservations/components/stay-calendar.tsx';
import { ApiError } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

// A business user's client picker, and the form they add a client with: not part of the page's
// first load, which a client's booking needs (docs/decisions/073).
const ClientPicker = lazy(() =>
  import('../features/reservations/components/client-picker.tsx').then((module) => ({
    default: module.ClientPicker,
  })),
);
const NewClientForm = lazy(() =>
  import('../features/reservations/components/new-client-form.tsx').then((module) => ({
    default: module.NewClientForm,
  })),
);

/**
 * The spec's reservation-page error mapping. Its "clientId" case is a bad client ID; every other
 * refusal that names the client (an inactive client, say) is shown in the server's own words.
 */
export function bookingErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Failed to create reservation: Unknown error';
  if (error.status === 401) return 'Authentication error. Please log out and log back in.';
  if (/client ?id/i.test(error.message)) return 'Invalid client information. Please select a valid client.';
  if (/column/i.test(error.message)) return 'Database error. Please contact support if this persists.';
  return `Failed to create reservation: ${error.message || 'Unknown error'}`;
}

/** Where a booking lands: a guest's (a client's, or anyone's of someone else's listing) on My Reservations. */
export function landingAfterBooking(user: CurrentUser, forBusiness: boolean): string {
  if (!forBusiness) return '/my-reservations';
  if (user.role === 'backoffice' || user.role === 'frontoffice') return '/calendar';
  return '/reservation-management';
}

/** What the page would book, in the listing's unit, and why it cannot yet when the choice is refused. */
interface BookingChoice {
  period: BookedPeriod | null;
  refusal: string | null;
  payload: Pick<ReservationPayload, 'start_date' | 'end_date' | 'start_time' | 'end_time' | 'months'> | null;
}

const TIMES_TAKEN = 'These times overlap another booking: choose other times';

export function chosenBooking(
  unit: PriceUnit,
  range: StayRange,
  nights: NightAvailability,
  hourly: {
    rules: HourlyRules | undefined;
    taken: readonly TimeRange[];
    slots: SlotRange;
    /** Today's times already gone (domain/booking-window.ts pastTimesOn). */
    past?: TimeRange | null;
  },
  months: number,
): BookingChoice {
  const none = { period: null, refusal: null, payload: null };
  if (!range.start) return none;
  if (unit === 'hour') {
    const times = slotRangeTimes(hourly.slots);
    if (!times || !hourly.rules) return none;
    const refusal =
      hourlyBookingRefusal(times.start, times.end, hourly.rules) ??
      (hourly.past && crossesTakenTime(times.start, times.end, [hourly.past])
        ? BOOKING_WINDOW_MESSAGES.pastTime
        : null) ??
      (crossesTakenTime(times.start, times.end, hourly.taken) ? TIMES_TAKEN : null);
    if (refusal) return { period: null, refusal, payload: null };
    return {
      period: { ...hourlyDates(range.start), startTime: times.start, endTime: times.end },
      refusal: null,
      payload: { start_date: range.start, start_time: times.start, end_time: times.end },
    };
  }
  if (unit === 'month') {
    const endDate = monthlyEnd(range.start, months);
    if (crossesTakenNight(range.start, endDate, nights.blocked))
      return { period: null, refusal: MONTHLY_MESSAGES.crossesBooking, payload: null };
    return {
      period: { startDate: range.start, endDate },
      refusal: null,
      payload: { start_date: range.start, months },
    };
  }
  if (!range.end || !isCompleteStay(range, nights)) return none;
  const tooLong = stayLengthRefusal(unit, range.start, range.end);
  if (tooLong) return { period: null, refusal: tooLong, payload: null };
  return {
    period: { startDate: range.start, endDate: range.end },
    refusal: null,
    payload: { start_date: range.start, end_date: range.end },
  };
}

function BookingForm({ property, user }: { property: ListingDetail; user: CurrentUser }) {
  const navigate = useNavigate();
  const availability = useAvailability(property.id);
  const forBusiness = user.role !== 'client' && canManageReservationsOf(user, property.owner_id);
  const clientsOwner = clientsBusinessParam(user.role, property.owner_id);
  const save = useSaveReservation();
  const today = todayInBusinessZone();
  const nights: NightAvailability = availability.data ?? { dates: [], blocked: [] };
  const firstAvailable = nights.dates[0] ?? today;
  const lastAvailable = nights.dates[nights.dates.length - 1] ?? today;
  /** The first day's input, whatever the unit: bookable days only, shown as dd/mm/yyyy. */
  const startDayProps = {
    valueFormat: 'DD/MM/YYYY',
    weekendDays: [],
    minDate: firstAvailable,
    maxDate: lastAvailable,
    excludeDate: (date: string) => !isNightFree(dayOf(date), nights),
  };
  // The days and guests chosen on the search or the listing arrive in the URL (docs/decisions/043).
  const [params] = useSearchParams();
  const [carried] = useState(() => readStayChoice(params));
  const [range, setRange] = useState<StayRange>(() =>
    carried.checkIn
      ? {
          start: carried.checkIn,
          end: ['night', 'day'].includes(priceUnitFor(property.type)) ? carried.checkOut : null,
        }
      : NO_STAY,
  );
  const [month, setMonth] = useState<string | null>(carried.checkIn);
  const [clientId, setClientId] = useState<string | null>(null);
  const [addedClient, setAddedClient] = useState<ClientChoice | null>(null);
  const [addingClient, setAddingClient] = useState(false);
  const [newClient, setNewClient] = useState(EMPTY_NEW_CLIENT);
  const asksGuests = bookingAsksForGuests(property.type);
  const maxGuests = maxGuestsFor(property.type, property.specifications);
  const [guests, setGuests] = useState(Math.min(carried.guests ?? 1, maxGuests));
  const unit = priceUnitFor(property.type);
  const [slots, setSlots] = useState<SlotRange>(NO_SLOTS);
  const [months, setMonths] = useState<number>(MONTHLY_DEFAULTS.months);
  const dayTimes = useDayTimes(
    unit === 'hour' ? property.id : undefined,
    unit === 'hour' ? range.start : null,
  );
  const rules: HourlyRules | undefined = dayTimes.data && {
    bookableHours: dayTimes.data.bookable_hours,
    minimumHours: dayTimes.data.minimum_hours,
  };
  const taken = dayTimes.data?.taken ?? [];
  // Read at each render: the slots of today that have started go as the clock moves (docs/decisions/033).
  const past =
    unit === 'hour' && range.start
      ? pastTimesOn(range.start, new Date(), forBusiness ? 'business' : 'client')
      : null;
  const choice = chosenBooking(unit, range, nights, { rules, taken, slots, past }, months);
  // A guest accepts the business's rental agreement, if it has one in force (docs/decisions/037).
  const agreementQuery = useAgreementInForce(property.owner_id, !forBusiness);
  const agreement = forBusiness ? null : (agreementQuery.data?.agreement ?? null);
  const [acceptedVersion, setAcceptedVersion] = useState<number | null>(null);
  const accepted = !!agreement && acceptedVersion === agreement.version;
  const ready =
    !!choice.payload &&
    (!forBusiness || !!clientId) &&
    (!agreement || accepted) &&
    (forBusiness || !agreementQuery.isPending);
  const pickDay = (day: string | null) => {
    setRange({ start: day, end: null });
    setSlots(NO_SLOTS);
    if (day) setMonth(day);
  };

  const confirm = async () => {
    if (!ready || !choice.payload) {
      notifyError('Missing required information');
      return;
    }
    try {
      await save.mutateAsync({
        payload: {
          property_id: property.id,
          ...(forBusiness ? { client_id: clientId } : {}),
          ...choice.payload,
          ...(asksGuests ? { guests } : {}),
          ...(agreement ? { agreement_version: agreement.version } : {}),
        },
      });
      notifySuccess('Reservation created successfully');
      void navigate(landingAfterBooking(user, forBusiness));
    } catch (error) {
      // The agreement changed since the page opened: show the new version, to be read and accepted.
      if (error instanceof ApiError && error.status === 409 && /rental agreement/.test(error.message)) {
        setAcceptedVersion(null);
        void agreementQuery.refetch();
        notifyError(error.message);
        return;
      }
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
                <Suspense
                  fallback={<Loader size="sm" role="status" aria-label="Loading the client picker" />}
                >
                  <ClientPicker
                    role={user.role}
                    ownerId={clientsOwner}
                    style={{ flex: 1 }}
                    value={clientId}
                    onChange={setClientId}
                    chosen={addedClient}
                  />
                </Suspense>
                {canCreateClientsOf(user, property.owner_id) && (
                  <Button variant="light" onClick={() => setAddingClient(true)}>
                    + Add New Client
                  </Button>
                )}
              </Group>
              {addingClient && (
                <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the client form" />}>
                  <NewClientForm
                    ownerId={clientsOwner}
                    values={newClient}
                    onChange={setNewClient}
                    onCreated={(client) => {
                      setAddedClient(client);
                      setClientId(client.id);
                      setAddingClient(false);
                      setNewClient(EMPTY_NEW_CLIENT);
                    }}
                    onCancel={() => setAddingClient(false)}
                  />
                </Suspense>
              )}
            </Stack>
          )}
          {unit === 'hour' ? (
            <DatePickerInput
              label="Date"
              placeholder="Choose a day"
              {...startDayProps}
              value={range.start}
              onChange={(value) => pickDay(value ? dayOf(value) : null)}
            />
          ) : unit === 'month' ? (
            <Group grow align="flex-start">
              <DatePickerInput
                label="Start date"
                placeholder="Choose a start day"
                {...startDayProps}
                value={range.start}
                onChange={(value) => pickDay(value ? dayOf(value) : null)}
              />
              <NumberInput
                label="Months"
                min={1}
                max={MONTHLY_DEFAULTS.maxMonths}
                clampBehavior="strict"
                allowDecimal={false}
                allowNegative={false}
                value={months}
                description={
                  range.start
                    ? `Ends on ${formatDisplayDate(monthlyEnd(range.start, months))}`
                    : `1 to ${MONTHLY_DEFAULTS.maxMonths}`
                }
                onChange={(value) =>
                  setMonths(typeof value === 'number' && value >= 1 ? value : MONTHLY_DEFAULTS.months)
                }
              />
            </Group>
          ) : (
            <Group grow align="flex-start">
              <DatePickerInput
                label="Start date"
                placeholder="Choose check-in"
                {...startDayProps}
                value={range.start}
                onChange={(value) => {
                  const next = value ? dayOf(value) : null;
                  setRange(rangeWithStart(range, next, nights));
                  if (next) setMonth(next);
                }}
              />
              <DatePickerInput
                label="End date"
                placeholder="Choose check-out"
                valueFormat="DD/MM/YYYY"
                weekendDays={[]}
                disabled={!range.start}
                minDate={range.start ? addDays(range.start, 1) : undefined}
                maxDate={range.start ? lastEndDate(unit, range.start) : undefined}
                excludeDate={(date) => !range.start || !isBookableStay(range.start, dayOf(date), nights)}
                value={range.end}
                onChange={(value) => setRange(rangeWithEnd(range, value ? dayOf(value) : null, nights))}
              />
            </Group>
          )}
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
          {unit === 'hour' || unit === 'month' ? (
            <DayCalendar
              availability={availability.data}
              loading={availability.isPending}
              shown={
                unit === 'month' && choice.period ? { start: range.start, end: choice.period.endDate } : range
              }
              onPick={pickDay}
              hint={
                unit === 'hour'
                  ? 'Choose your day, then your times.'
                  : 'Choose your start day, then how many months.'
              }
              month={month ?? firstAvailable}
              onMonthChange={setMonth}
            />
          ) : (
            <StayCalendar
              availability={availability.data}
              loading={availability.isPending}
              range={range}
              onRangeChange={setRange}
              month={month ?? firstAvailable}
              onMonthChange={setMonth}
            />
          )}
          {unit === 'hour' && range.start && (
            <SlotPicker
              day={range.start}
              rules={rules}
              taken={taken}
              past={past}
              loading={dayTimes.isPending}
              range={slots}
              onRangeChange={setSlots}
            />
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <BookingSummary
            property={property}
            start={range.start}
            period={choice.period}
            guests={guests}
            paymentTerms={property.paymentTerms}
          />
          {!forBusiness && (
            <AgreementAcceptance
              agreement={agreement}
              loading={agreementQuery.isPending}
              accepted={accepted}
              onAcceptedChange={(checked) =>
                setAcceptedVersion(checked && agreement ? agreement.version : null)
              }
            />
          )}
          {choice.refusal && (
            <Alert color="red" id="booking-refusal">
              {choice.refusal}
            </Alert>
          )}
          <Button
            size="md"
            onClick={() => void confirm()}
            disabled={save.isPending || !ready}
            aria-describedby={choice.refusal ? 'booking-refusal' : undefined}
          >
            {save.isPending ? 'Processing...' : 'Confirm Reservation'}
          </Button>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

export default function ReservationBookingPage() {
  const { id } = useParams();
  const { data: user } = useCurrentUser();
  const { data: property, isPending, isError } = useProperty(id);
  usePageTitle(property ? `Book ${property.title}` : isPending ? null : 'Property not found');
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
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  }
  if (isError || !property) {
    return (
      <Container size="sm" py="xl">
        <Title order={1} size="h2" mb="md">
          Property not found
        </Title>
        <Alert color="red" role="alert">
          <Stack align="flex-start">
            <Text>Property not found</Text>
            <Button component={Link} to="/properties" variant="light">
              Search for Rentals
            </Button>
          </Stack>
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
