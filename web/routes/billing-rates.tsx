import { Text } from '@mantine/core';
import { useState } from 'react';
import { canSaveRate, rateDatesProblem } from '../../domain/billing-rates.ts';
import { formatDisplayDate } from '../../domain/dates.ts';
import { formatRandCents } from '../../domain/money.ts';
import { priceUnitFor } from '../../domain/rental-unit.ts';
import { useCurrentUser } from '../features/account/api.ts';
import {
  type Rate,
  useBillingProperties,
  useBusinessOwners,
  useDeleteRate,
  useRates,
  useSaveRate,
} from '../features/billing/api.ts';
import { BillingPage, BillingSection } from '../features/billing/components/billing-page.tsx';
import { BillingTable, type Column } from '../features/billing/components/billing-table.tsx';
import { confirmDelete } from '../features/billing/components/confirm-delete.tsx';
import { PropertySelect } from '../features/billing/components/property-select.tsx';
import { RateForm } from '../features/billing/components/rate-form.tsx';
import { EMPTY_RATE, rateDraftOf, rateFormOf, ratePayloadOf } from '../features/billing/drafts.ts';
import { failureText, useLoadFailure } from '../features/billing/load-failure.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';

const periodOf = (rate: Rate) =>
  `${formatDisplayDate(rate.start_date)} to ${formatDisplayDate(rate.end_date)}`;

const COLUMNS: Array<Column<Rate>> = [
  { label: 'Start', render: (rate) => formatDisplayDate(rate.start_date) },
  { label: 'End', render: (rate) => formatDisplayDate(rate.end_date) },
  { label: 'Rate', render: (rate) => formatRandCents(rate.rate_cents), numeric: true },
  { label: 'Currency', render: (rate) => rate.currency },
];

/** Seasonal prices of a listing: periods with their own rate, never overlapping (spec §2, §5). */
export default function BillingRatesPage() {
  const { data: user } = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const properties = useBillingProperties();
  const owners = useBusinessOwners(isAdmin);
  const [propertyId, setPropertyId] = useState<string | null>(null);
  const [form, setForm] = useState(EMPTY_RATE);
  const rates = useRates(propertyId);
  const save = useSaveRate();
  const remove = useDeleteRate();
  useLoadFailure(properties, 'Failed to load properties');
  useLoadFailure(rates, 'Failed to load rates');
  useLoadFailure(owners, 'Failed to load businesses');

  const property = properties.data?.find((candidate) => candidate.id === propertyId);
  const periods = rates.data ?? [];
  const draft = rateDraftOf(form, propertyId);
  const problem = rateDatesProblem(draft, periods);
  const reset = () => setForm(EMPTY_RATE);

  const onSave = () => {
    if (!propertyId) return;
    save.mutate(
      { id: form.id, payload: ratePayloadOf(form, propertyId) },
      {
        onSuccess: () => {
          notifySuccess('Rate saved');
          reset();
        },
        onError: (error) => notifyError(failureText(error)),
      },
    );
  };

  const onDelete = (rate: Rate) =>
    confirmDelete({
      question: 'Delete this rate?',
      detail: `${periodOf(rate)} at ${formatRandCents(rate.rate_cents)}.`,
      remove: () => remove.mutateAsync(rate.id),
      done: 'Rate deleted',
      onDeleted: () => {
        if (form.id === rate.id) reset();
      },
    });

  return (
    <BillingPage
      title="Property Rates"
      intro="Seasonal prices of a property: each period has its own rate, and periods never overlap."
    >
      <PropertySelect
        properties={properties.data}
        owners={isAdmin ? owners.data : undefined}
        loading={properties.isPending}
        value={propertyId}
        onChange={(id) => {
          setPropertyId(id);
          reset();
        }}
      />
      {!property && <Text c="dimmed">Select a property to see its rate periods and add one.</Text>}
      {property && (
        <>
          <BillingSection title={form.id ? 'Edit rate' : 'Add a rate'}>
            <RateForm
              unit={priceUnitFor(property.type)}
              values={form}
              onChange={setForm}
              problem={problem}
              canSave={canSaveRate(draft, periods) && !rates.isPending}
              saving={save.isPending}
              onSave={onSave}
              onReset={reset}
            />
          </BillingSection>
          <BillingSection title="Rates">
            <BillingTable
              caption="Rates"
              columns={COLUMNS}
              rows={rates.data}
              loading={rates.isPending}
              empty="No rates"
              nameOf={(rate) => `rate ${periodOf(rate)}`}
              onEdit={(rate) => setForm(rateFormOf(rate))}
              onDelete={onDelete}
            />
          </BillingSection>
        </>
      )}
    </BillingPage>
  );
}
