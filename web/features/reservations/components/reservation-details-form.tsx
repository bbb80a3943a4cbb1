import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { type Actor, canCreateClientsOf } from '../../../../domain/access.ts';
import { maxGuestsFor } from '../../../../domain/booking-page.ts';
import {
  BOOKING_WINDOW_MESSAGES,
  lastEndDate,
  lastStartDate,
  pastTimesOn,
  stayLengthRefusal,
} from '../../../../domain/booking-window.ts';
import { addDays, formatDisplayDate, todayInBusinessZone } from '../../../../domain/dates.ts';
import { formatRandCents, randToCents } from '../../../../domain/money.ts';
import {
  endTimeChoices,
  rateOverrideLabel,
  startTimeChoices,
  withoutOwnTimes,
} from '../../../../domain/owner-units.ts';
import { isBookableListing } from '../../../../domain/property.ts';
import {
  type BookedPeriod,
  crossesTakenTime,
  describeDuration,
  formatUnits,
  type HourlyRules,
  hourlyBookingRefusal,
  hourlyDates,
  hourlyRulesOf,
  MONTHLY_DEFAULTS,
  monthlyEnd,
  priceUnitFor,
  unitCount,
} from '../../../../domain/rental-unit.ts';
import {
  clampNonNegative,
  editorAsksForGuests,
  isBlocking,
  isReservationDraftValid,
  RESERVATION_STATUSES,
  type ReservationStatus,
} from '../../../../domain/reservation.ts';
import { formatPercent } from '../../../../domain/vat.ts';
import { LoadingSkeleton } from '../../../components/loading-skeleton.tsx';
import { DatePickerInput } from '../../../components/mantine-dates.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useBusinessDetails } from '../../business/api.ts';
import { ratePeriodsOf, usePropertyRates } from '../../properties/api.ts';
import {
  type BusinessProperty,
  clientsBusinessParam,
  type Reservation,
  useBusinessProperties,
  useClientSearch,
  useDayTimes,
  useSaveReservation,
} from '../api.ts';
import { editorTotal } from '../editor-total.ts';
import { type Draft, draftFrom, failureText, NEW_CLIENT } from '../reservation-draft.ts';
import { type ClientChoice, ClientPicker } from './client-picker.tsx';
import { EMPTY_NEW_CLIENT, NewClientForm } from './new-client-form.tsx';

/**
 * What the editor says of VAT instead of a tax field (docs/decisions/029): a VAT vendor's prices
 * include VAT at the rate in force on the booking date; anyone else may not charge it.
 */
function vatNote(registered: boolean | undefined, bookedPercent: number | undefined) {
  if (bookedPercent !== undefined && bookedPercent > 0)
    return { value: `${formatPercent(bookedPercent)} included`, description: 'Prices include VAT' };
  if (registered === undefined) return { value: '…', description: undefined };
  if (registered) return { value: 'Included', description: 'Prices include VAT at the rate in force' };
  return { value: 'No VAT', description: 'Not registered for VAT: no VAT is charged' };
}

const TAKEN_TIMES = 'Those times are taken on this day. Please choose other times.';

/** A listing in the Property select; one that takes no bookings is shown only as a booking's own, and says why. */
function listingLabel(listing: BusinessProperty): string {
  if (listing.archived) return `${listing.title} (archived)`;
  if (!listing.is_active) return `${listing.title} (inactive)`;
  if (listing.status !== 'available') return `${listing.title} (under maintenance)`;
  return listing.title;
}

/** A whole number of months from 1 to 24, or null. */
function monthsOf(value: number | string): number | null {
  const months = Number(value);
  return value !== '' && Number.isInteger(months) && months >= 1 && months <= MONTHLY_DEFAULTS.maxMonths
    ? months
    : null;
}

/**
 * The Details tab: property, client, the booked period in the listing's unit (dates; a date and
 * times; a start date and months), guests, requests, status, references, tax, discount and rate.
 */
export function ReservationDetailsForm({
  user,
  reservation,
  initial,
  onClose,
  onSaved,
}: {
  /** Who is editing: decides whose clients are listed and whether a new one may be added. */
  user: Actor;
  reservation?: Reservation;
  initial?: { startDate: string; endDate: string; propertyId?: string };
  onClose: () => void;
  onSaved?: () => void;
}) {
  const properties = useBusinessProperties();
  const save = useSaveReservation();
  const [draft, setDraft] = useState<Draft>(() => draftFrom(reservation, initial));
  const [error, setError] = useState<string | null>(null);
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const editing = !!reservation;
  const property = properties.data?.find((p) => p.id === draft.propertyId);
  const businessId = property?.owner_id ?? reservation?.owner_id;
  const clientsOwner = clientsBusinessParam(user.role, businessId);
  // The picker's first search (no text): its answer, or its refusal, says whether this person may book
  // for the business's clients (the same query as the picker's, so asked once).
  const clients = useClientSearch(user.role, clientsOwner, '');
  const [addedClient, setAddedClient] = useState<ClientChoice | null>(null);
  const mayAddClients = !!businessId && canCreateClientsOf(user, businessId);
  const asksGuests = property ? editorAsksForGuests(property.type) : false;
  const maxGuests = property ? maxGuestsFor(property.type, property.specifications) : 1;
  const unit = property ? priceUnitFor(property.type) : null;
  const hourly = unit === 'hour';
  const monthly = unit === 'month';
  const dayTimes = useDayTimes(draft.propertyId, draft.startDate, hourly);
  const rules: HourlyRules = dayTimes.data
    ? { bookableHours: dayTimes.data.bookable_hours, minimumHours: dayTimes.data.minimum_hours }
    : hourlyRulesOf(property?.specifications);
  // The booking being edited does not conflict with itself.
  const ownTimes =
    reservation &&
    isBlocking(reservation.status) &&
    reservation.property_id === draft.propertyId &&
    reservation.start_date === draft.startDate
      ? { start: reservation.start_time, end: reservation.end_time }
      : null;
  const taken = withoutOwnTimes(dayTimes.data?.taken ?? [], ownTimes);
  // A new booking today cannot start before the half hour in progress (docs/decisions/033).
  const past =
    !editing && hourly && draft.startDate ? pastTimesOn(draft.startDate, new Date(), 'business') : null;
  const unavailable = past ? [past, ...taken] : taken;
  const months = monthsOf(draft.months);
  // An unchanged monthly booking keeps its stored end (one made before monthly booking may end mid-month).
  const keepsStoredEnd =
    monthly &&
    !!reservation &&
    reservation.property_id === draft.propertyId &&
    reservation.start_date === draft.startDate &&
    reservation.units === months;
  const period: BookedPeriod | null = !draft.startDate
    ? null
    : hourly
      ? { ...hourlyDates(draft.startDate), startTime: draft.startTime, endTime: draft.endTime }
      : monthly
        ? months
          ? {
              startDate: draft.startDate,
              endDate: keepsStoredEnd ? reservation.end_date : monthlyEnd(draft.startDate, months),
            }
          : null
        : draft.endDate && draft.endDate > draft.startDate
          ? { startDate: draft.startDate, endDate: draft.endDate }
          : null;
  // The server's window (docs/decisions/022), for a new period only: an unchanged booking keeps its dates.
  const periodEdited =
    !!period &&
    (!reservation ||
      reservation.property_id !== draft.propertyId ||
      reservation.start_date !== period.startDate ||
      reservation.end_date !== period.endDate);
  const startRefusal =
    periodEdited && period && period.startDate > lastStartDate(todayInBusinessZone(), 'business')
      ? BOOKING_WINDOW_MESSAGES.beyondHorizon('business')
      : null;
  const lengthRefusal =
    periodEdited && period && unit ? stayLengthRefusal(unit, period.startDate, period.endDate) : null;
  const timesRefused = hourly && hourlyBookingRefusal(draft.startTime, draft.endTime, rules) !== null;
  const timesTaken =
    hourly &&
    !!draft.startTime &&
    !!draft.endTime &&
    crossesTakenTime(draft.startTime, draft.endTime, unavailable);
  const units = unit && period && !timesRefused ? unitCount(unit, period) : 0;
  const overrideCents =
    draft.rateOverride === '' ? null : randToCents(clampNonNegative(Number(draft.rateOverride)));
  const discountPercent = clampNonNegative(Number(draft.discountPercent));
  const rates = usePropertyRates(draft.propertyId);
  // An admin names the business; owners and staff read their own.
  const business = useBusinessDetails(
    user.role !== 'admin' || !!businessId,
    user.role === 'admin' ? businessId : undefined,
  );
  const total = editorTotal({
    stored: reservation
      ? {
          stay: {
            propertyId: reservation.property_id,
            startDate: reservation.start_date,
            endDate: reservation.end_date,
            startTime: reservation.start_time,
            endTime: reservation.end_time,
            rateOverridePerDayCents: reservation.rate_override_per_day_cents,
            discountPercent: reservation.discount_percent,
          },
          totalCents: reservation.total_price_cents,
          bookedRates: reservation.booked_rates,
        }
      : null,
    drafted:
      draft.propertyId && period && units > 0
        ? {
            propertyId: draft.propertyId,
            ...period,
            rateOverridePerDayCents: overrideCents,
            discountPercent,
          }
        : null,
    unit,
    period,
    listing:
      property && !rates.isPending
        ? {
            rateCents: property.price_per_day_cents,
            cleaningFeeCents: property.cleaning_fee_cents,
            rates: ratePeriodsOf(rates.data),
          }
        : null,
  });
  const vat = vatNote(business.data?.vat_registered, reservation?.tax_percent);
  const valid =
    isReservationDraftValid({
      propertyId: draft.propertyId,
      startDate: draft.startDate,
      endDate: period?.endDate ?? null,
      guests: draft.guests,
      clientId: draft.clientId,
      newClient: {
        firstName: draft.newClient.first_name,
        lastName: draft.newClient.last_name,
        email: draft.newClient.email,
      },
    }) &&
    units > 0 &&
    !timesTaken &&
    !startRefusal &&
    !lengthRefusal;

  /** The period in the listing's unit; an edit names every part, so a changed listing leaves no stale times. */
  const periodPayload = () => {
    if (hourly)
      return {
        start_time: draft.startTime,
        end_time: draft.endTime,
        ...(editing ? { end_date: period?.endDate } : {}),
      };
    const noTimes = editing ? { start_time: null, end_time: null } : {};
    if (monthly)
      return keepsStoredEnd ? { end_date: reservation.end_date, ...noTimes } : { months, ...noTimes };
    return { end_date: draft.endDate, ...noTimes };
  };

  const submit = async () => {
    if (!valid || !draft.propertyId || !draft.startDate) return;
    setError(null);
    const usingNewClient = draft.clientId === NEW_CLIENT || !draft.clientId;
    try {
      await save.mutateAsync({
        id: reservation?.id,
        payload: {
          property_id: draft.propertyId,
          ...(usingNewClient && !editing ? { new_client: draft.newClient } : { client_id: draft.clientId }),
          start_date: draft.startDate,
          ...periodPayload(),
          ...(asksGuests ? { guests: draft.guests } : {}),
          special_requests: draft.specialRequests || null,
          voucher_number: draft.voucherNumber || null,
          purchase_order_number: draft.purchaseOrderNumber || null,
          discount_percent: discountPercent,
          rate_override_per_day_cents: overrideCents,
          ...(editing ? { status: draft.status } : {}),
        },
      });
      notifySuccess(editing ? 'Reservation updated successfully' : 'Reservation created successfully');
      onSaved?.();
      onClose();
    } catch (caught) {
      const message = failureText(caught, !editing);
      setError(message);
      notifyError(message);
    }
  };

  if (properties.isPending || (clients.isLoading && !editing))
    return <LoadingSkeleton label="Loading reservation" height={420} />;
  if (properties.isError || (clients.isError && !editing)) {
    return (
      <Alert color="red" role="alert">
        You do not have permission to create reservations
      </Alert>
    );
  }

  const chosenClient =
    addedClient ?? (reservation ? { id: reservation.client_id, ...reservation.client } : null);
  const today = todayInBusinessZone();
  const startChoices = startTimeChoices(rules, unavailable);
  // The inputs show what is typed; their min of 0 clamps a negative value on blur, and every use clamps.
  const numberChange = (key: 'discountPercent') => (value: number | string) =>
    set({ [key]: value } as Partial<Draft>);

  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Property"
          required
          searchable
          placeholder="Choose a property"
          data={(properties.data ?? [])
            .filter((p) => isBookableListing(p) || p.id === reservation?.property_id)
            .map((p) => ({ value: p.id, label: listingLabel(p) }))}
          value={draft.propertyId}
          onChange={(value) => set({ propertyId: value, guests: 1 })}
        />
        <ClientPicker
          role={user.role}
          ownerId={clientsOwner}
          required
          value={draft.clientId}
          onChange={(value) => set({ clientId: value })}
          chosen={chosenClient}
          extraOptions={!editing && mayAddClients ? [{ value: NEW_CLIENT, label: '+ New client' }] : []}
        />
      </SimpleGrid>
      {draft.clientId === NEW_CLIENT && (
        <NewClientForm
          ownerId={clientsOwner}
          values={draft.newClient}
          onChange={(newClient) => set({ newClient })}
          onCreated={(client) => {
            setAddedClient(client);
            set({ clientId: client.id, newClient: EMPTY_NEW_CLIENT });
          }}
          onCancel={() => set({ clientId: null, newClient: EMPTY_NEW_CLIENT })}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, sm: (hourly ? 3 : 2) + (asksGuests ? 1 : 0) }}>
        <DatePickerInput
          label={hourly ? 'Date' : 'Start date'}
          required
          valueFormat="DD/MM/YYYY"
          minDate={editing ? undefined : today}
          maxDate={lastStartDate(today, 'business')}
          error={startRefusal ?? undefined}
          value={draft.startDate}
          onChange={(value) => {
            const startDate = value ? String(value) : null;
            set({
              startDate,
              endDate:
                startDate && draft.endDate && draft.endDate <= startDate
                  ? addDays(startDate, 1)
                  : draft.endDate,
            });
          }}
        />
        {hourly && (
          <>
            <Select
              label="Start time"
              required
              placeholder={dayTimes.isPending && draft.startDate ? 'Loading times…' : 'Choose'}
              allowDeselect={false}
              data={startChoices.map((choice) => ({
                value: choice.value,
                label: choice.value,
                disabled: choice.disabled,
              }))}
              value={draft.startTime}
              onChange={(startTime) => {
                const ends = endTimeChoices(rules, unavailable, startTime);
                const keepEnd = ends.some((end) => end.value === draft.endTime && !end.disabled);
                set({ startTime, endTime: keepEnd ? draft.endTime : null });
              }}
            />
            <Select
              label="End time"
              required
              placeholder={draft.startTime ? 'Choose' : 'Choose a start time first'}
              allowDeselect={false}
              disabled={!draft.startTime}
              data={endTimeChoices(rules, unavailable, draft.startTime).map((choice) => ({
                value: choice.value,
                label: choice.value,
                disabled: choice.disabled,
              }))}
              value={draft.endTime}
              onChange={(endTime) => set({ endTime })}
              error={timesTaken ? TAKEN_TIMES : undefined}
            />
          </>
        )}
        {monthly && (
          <NumberInput
            label="Months"
            required
            min={1}
            max={MONTHLY_DEFAULTS.maxMonths}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            value={draft.months}
            onChange={(value) => set({ months: value })}
            description={period ? `Ends ${formatDisplayDate(period.endDate)}` : undefined}
          />
        )}
        {!hourly && !monthly && (
          <DatePickerInput
            label="End date"
            required
            valueFormat="DD/MM/YYYY"
            minDate={draft.startDate ? addDays(draft.startDate, 1) : undefined}
            maxDate={draft.startDate && unit ? lastEndDate(unit, draft.startDate) : undefined}
            error={lengthRefusal ?? undefined}
            value={draft.endDate}
            onChange={(value) => set({ endDate: value ? String(value) : null })}
          />
        )}
        {asksGuests && (
          <NumberInput
            label="Guests"
            min={1}
            max={maxGuests}
            clampBehavior="strict"
            allowDecimal={false}
            value={draft.guests}
            onChange={(value) => set({ guests: typeof value === 'number' ? value : 1 })}
          />
        )}
      </SimpleGrid>
      {hourly && draft.startDate && (
        <Text size="sm" c="dimmed" role="status">
          Bookable {rules.bookableHours.start}–{rules.bookableHours.end}, at least{' '}
          {formatUnits('hour', rules.minimumHours)}.
          {dayTimes.data &&
            (taken.length > 0
              ? ` Taken on this day: ${taken.map((range) => `${range.start}–${range.end}`).join(', ')}.`
              : ' Nothing is booked on this day yet.')}
        </Text>
      )}
      <Textarea
        label="Special requests"
        autosize
        minRows={2}
        value={draft.specialRequests}
        onChange={(e) => set({ specialRequests: e.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, sm: editing ? 3 : 2 }}>
        {editing && (
          <Select
            label="Status"
            allowDeselect={false}
            data={RESERVATION_STATUSES.map((status) => ({
              value: status,
              label: status.charAt(0).toUpperCase() + status.slice(1),
            }))}
            value={draft.status}
            onChange={(value) => value && set({ status: value as ReservationStatus })}
          />
        )}
        <TextInput
          label="Voucher number"
          value={draft.voucherNumber}
          onChange={(e) => set({ voucherNumber: e.currentTarget.value })}
        />
        <TextInput
          label="Purchase order number"
          value={draft.purchaseOrderNumber}
          onChange={(e) => set({ purchaseOrderNumber: e.currentTarget.value })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }}>
        <TextInput label="VAT" readOnly value={vat.value} description={vat.description} />
        <NumberInput
          label="Discount %"
          min={0}
          max={100}
          step={0.01}
          decimalScale={2}
          value={draft.discountPercent}
          onChange={numberChange('discountPercent')}
        />
        <NumberInput
          label={rateOverrideLabel(unit ?? 'day')}
          min={0}
          step={0.01}
          decimalScale={2}
          fixedDecimalScale
          value={draft.rateOverride}
          onChange={(value) => set({ rateOverride: value })}
        />
        <TextInput
          label="Total price"
          readOnly
          value={total === null ? '—' : formatRandCents(total)}
          description={unit && period && units > 0 ? describeDuration(unit, period) : undefined}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} disabled={!valid} loading={save.isPending}>
          {editing ? 'Save Changes' : 'Create Reservation'}
        </Button>
      </Group>
    </Stack>
  );
}
