import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { addDays, todayInBusinessZone } from '../../../../domain/dates.ts';
import { formatRand, randToCents } from '../../../../domain/money.ts';
import {
  clampNonNegative,
  countNights,
  editorAsksForGuests,
  isReservationDraftValid,
  maxGuestsFor,
  quoteTotal,
  RESERVATION_STATUSES,
  type ReservationStatus,
} from '../../../../domain/reservation.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type Reservation, useBusinessProperties, useClients, useSaveReservation } from '../api.ts';
import { type Draft, draftFrom, failureText, NEW_CLIENT } from '../reservation-draft.ts';
import { EMPTY_NEW_CLIENT, NewClientForm } from './new-client-form.tsx';

/** The Details tab: property, client, dates, guests, requests, status, references, tax, discount and rate. */
export function ReservationDetailsForm({
  reservation,
  initial,
  onClose,
  onSaved,
}: {
  reservation?: Reservation;
  initial?: { startDate: string; endDate: string };
  onClose: () => void;
  onSaved?: () => void;
}) {
  const properties = useBusinessProperties();
  const clients = useClients();
  const save = useSaveReservation();
  const [draft, setDraft] = useState<Draft>(() => draftFrom(reservation, initial));
  const [error, setError] = useState<string | null>(null);
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const editing = !!reservation;
  const property = properties.data?.find((p) => p.id === draft.propertyId);
  const asksGuests = property ? editorAsksForGuests(property.type) : false;
  const maxGuests = property ? maxGuestsFor(property.type, property.specifications) : 1;
  const nights = draft.startDate && draft.endDate ? countNights(draft.startDate, draft.endDate) : 0;
  const overrideCents =
    draft.rateOverride === '' ? null : randToCents(clampNonNegative(Number(draft.rateOverride)));
  const total = property
    ? quoteTotal({
        pricePerDayCents: property.price_per_day_cents,
        cleaningFeeCents: property.cleaning_fee_cents,
        nights,
        rateOverridePerDayCents: overrideCents,
      })
    : 0;
  const valid =
    isReservationDraftValid({
      propertyId: draft.propertyId,
      startDate: draft.startDate,
      endDate: draft.endDate,
      guests: draft.guests,
      clientId: draft.clientId,
      newClient: {
        firstName: draft.newClient.first_name,
        lastName: draft.newClient.last_name,
        email: draft.newClient.email,
      },
    }) &&
    !!draft.endDate &&
    !!draft.startDate &&
    draft.endDate > draft.startDate;

  const submit = async () => {
    if (!valid || !draft.propertyId || !draft.startDate || !draft.endDate) return;
    setError(null);
    const usingNewClient = draft.clientId === NEW_CLIENT || !draft.clientId;
    try {
      await save.mutateAsync({
        id: reservation?.id,
        payload: {
          property_id: draft.propertyId,
          ...(usingNewClient && !editing ? { new_client: draft.newClient } : { client_id: draft.clientId }),
          start_date: draft.startDate,
          end_date: draft.endDate,
          guests: asksGuests ? draft.guests : 1,
          special_requests: draft.specialRequests || null,
          voucher_number: draft.voucherNumber || null,
          purchase_order_number: draft.purchaseOrderNumber || null,
          tax_percent: clampNonNegative(Number(draft.taxPercent)),
          discount_percent: clampNonNegative(Number(draft.discountPercent)),
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

  if (properties.isPending || (clients.isPending && !clients.isError && !editing))
    return <Skeleton height={420} aria-label="Loading reservation" />;
  if (properties.isError || (clients.isError && !editing)) {
    return (
      <Alert color="red" role="alert">
        You do not have permission to create reservations
      </Alert>
    );
  }

  const knownClients =
    clients.data ?? (reservation ? [{ id: reservation.client_id, ...reservation.client }] : []);
  const clientOptions = [
    ...knownClients.map((client) => ({
      value: client.id,
      label: `${client.first_name} ${client.last_name} (${client.email})`,
    })),
    ...(editing ? [] : [{ value: NEW_CLIENT, label: '+ New client' }]),
  ];
  const today = todayInBusinessZone();
  // The inputs show what is typed; their min of 0 clamps a negative value on blur, and every use clamps.
  const numberChange = (key: 'taxPercent' | 'discountPercent') => (value: number | string) =>
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
          data={(properties.data ?? []).map((p) => ({ value: p.id, label: p.title }))}
          value={draft.propertyId}
          onChange={(value) => set({ propertyId: value, guests: 1 })}
        />
        <Select
          label="Client"
          required
          searchable
          placeholder="Choose a client"
          data={clientOptions}
          value={draft.clientId}
          onChange={(value) => set({ clientId: value })}
        />
      </SimpleGrid>
      {draft.clientId === NEW_CLIENT && (
        <NewClientForm
          values={draft.newClient}
          onChange={(newClient) => set({ newClient })}
          onCreated={(client) => set({ clientId: client.id, newClient: EMPTY_NEW_CLIENT })}
          onCancel={() => set({ clientId: null, newClient: EMPTY_NEW_CLIENT })}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, sm: asksGuests ? 3 : 2 }}>
        <DatePickerInput
          label="Start date"
          required
          valueFormat="DD/MM/YYYY"
          minDate={editing ? undefined : today}
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
        <DatePickerInput
          label="End date"
          required
          valueFormat="DD/MM/YYYY"
          minDate={draft.startDate ? addDays(draft.startDate, 1) : undefined}
          value={draft.endDate}
          onChange={(value) => set({ endDate: value ? String(value) : null })}
        />
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
        <NumberInput
          label="Tax %"
          min={0}
          step={0.01}
          decimalScale={2}
          value={draft.taxPercent}
          onChange={numberChange('taxPercent')}
        />
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
          label="Rate override per day (R)"
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
          value={formatRand(total)}
          description={nights ? `${nights} night${nights === 1 ? '' : 's'}` : undefined}
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
