import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { lineAmounts } from '../../../../domain/billing.ts';
import {
  BILLING_LINE_MESSAGES,
  BILLING_LINE_TOASTS,
  PAYMENT_METHOD_LABELS,
} from '../../../../domain/billing-lines.ts';
import { formatRandCents } from '../../../../domain/money.ts';
import { BillingLineInputSchema } from '../../../../domain/schemas/billing-lines.ts';
import { LazySelect as Select } from '../../../components/lazy-inputs.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useExtraChargeTypes, useStockItems } from '../api.ts';
import { type AmountField, fieldCents, fieldPercent, formatPercent } from '../drafts.ts';
import { type BillingLinePayload, useAddBillingLine } from '../ledger-api.ts';
import { failureText } from '../load-failure.ts';
import { AmountInput, PercentInput } from './amount-input.tsx';
import { NewChargeTypeButton, NewStockItemButton } from './quick-catalogue-entry.tsx';

/** What each form of the Transactions tab knows about the reservation it bills. */
export interface ChargeFormContext {
  reservationId: string;
  /** The business whose catalogues the forms pick from (an admin names it). */
  ownerId: string;
  /** Owners and admins may add catalogue entries from the tab; staff pick from them. */
  canManageCatalogues: boolean;
  /** The reservation's tax %: an ad hoc charge starts with it. */
  taxPercent: number;
  depositHeldCents: number;
  /** The listing's security deposit: the amount a received deposit starts with. */
  securityDepositCents: number;
}

/** The first thing the server's schema would refuse, said before the request is sent. */
function problemOf(payload: BillingLinePayload): string | null {
  const parsed = BillingLineInputSchema.safeParse(payload);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please check the form');
}

/** A form that adds one line: its fields, what the line comes to, and Add (toasts as the spec says). */
export function AddLineForm({
  label,
  reservationId,
  payload,
  preview,
  check,
  onAdded,
  children,
}: {
  label: string;
  reservationId: string;
  /** null while a required choice is still missing (nothing to say yet). */
  payload: BillingLinePayload | null;
  preview?: string | null;
  /** A rule of the form's own, checked after the schema's (e.g. a refund above the deposit held). */
  check?: () => string | null;
  onAdded: () => void;
  children: ReactNode;
}) {
  const add = useAddBillingLine(reservationId);
  const problem = payload ? (problemOf(payload) ?? check?.() ?? null) : null;
  const submit = () => {
    if (!payload || problem || add.isPending) return;
    add.mutate(payload, {
      onSuccess: () => {
        notifySuccess(BILLING_LINE_TOASTS.added);
        onAdded();
      },
      onError: (error) => notifyError(failureText(error)),
    });
  };
  return (
    <form
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {children}
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {!problem && preview}
          </Text>
          <Button type="submit" disabled={!payload || !!problem} loading={add.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Line total R 199.98 (R 26.08 VAT included)': prices include VAT (docs/decisions/029). */
function linePreview(quantity: number, unitPriceCents: number, taxPercent: number): string | null {
  if (!(quantity > 0)) return null;
  const amounts = lineAmounts({ quantity, unitPriceCents, taxPercent });
  const tax = amounts.taxCents ? ` (${formatRandCents(amounts.taxCents)} VAT included)` : '';
  return `Line total ${formatRandCents(amounts.totalCents)}${tax}`;
}

/** How many: up to 2 decimals (4.5 hours, 1.5 kg), no currency. */
function QuantityInput(props: { value: AmountField; onChange: (value: AmountField) => void }) {
  return <AmountInput label="Quantity" leftSection={null} fixedDecimalScale={false} {...props} />;
}

const quantityValue = (value: AmountField) => (typeof value === 'number' ? value : Number.parseFloat(value));

export function AdHocChargeForm({ context }: { context: ChargeFormContext }) {
  const empty = {
    description: '',
    quantity: 1 as AmountField,
    unitPrice: 0 as AmountField,
    taxPercent: context.taxPercent as AmountField,
  };
  const [form, setForm] = useState(empty);
  const set = (changes: Partial<typeof form>) => setForm((current) => ({ ...current, ...changes }));
  const quantity = quantityValue(form.quantity);
  const payload: BillingLinePayload = {
    kind: 'ad_hoc',
    description: form.description,
    quantity,
    unit_price_cents: fieldCents(form.unitPrice),
    tax_percent: fieldPercent(form.taxPercent),
  };
  return (
    <AddLineForm
      label="Ad hoc charge"
      reservationId={context.reservationId}
      payload={form.description.trim() || form.unitPrice ? payload : null}
      preview={linePreview(quantity, payload.unit_price_cents, payload.tax_percent ?? 0)}
      onAdded={() => setForm(empty)}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <TextInput
          label="Description"
          required
          value={form.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
        />
        <QuantityInput value={form.quantity} onChange={(value) => set({ quantity: value })} />
        <AmountInput
          label="Unit price"
          value={form.unitPrice}
          onChange={(value) => set({ unitPrice: value })}
        />
        <PercentInput
          label="Tax %"
          value={form.taxPercent}
          onChange={(value) => set({ taxPercent: value })}
        />
      </SimpleGrid>
    </AddLineForm>
  );
}

export function StockChargeForm({ context }: { context: ChargeFormContext }) {
  const items = useStockItems(context.ownerId);
  const [itemId, setItemId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<AmountField>(1);
  const item = items.data?.find((entry) => entry.id === itemId);
  const count = quantityValue(quantity);
  const form = (
    <AddLineForm
      label="Stock charge"
      reservationId={context.reservationId}
      payload={item ? { kind: 'stock', stock_item_id: item.id, quantity: count } : null}
      preview={item ? linePreview(count, item.unit_price_cents, item.tax_percent) : null}
      onAdded={() => {
        setItemId(null);
        setQuantity(1);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Stock item"
          placeholder={items.data?.length === 0 ? 'No items' : 'Choose an item'}
          data={(items.data ?? []).map((entry) => ({
            value: entry.id,
            label: `${entry.name} · ${formatRandCents(entry.unit_price_cents)} / ${entry.unit}`,
          }))}
          value={itemId}
          onChange={setItemId}
          searchable
        />
        <QuantityInput value={quantity} onChange={setQuantity} />
      </SimpleGrid>
      {item && (
        <Text size="sm" c="dimmed">
          {formatRandCents(item.unit_price_cents)} per {item.unit}, tax {formatPercent(item.tax_percent)}
        </Text>
      )}
    </AddLineForm>
  );
  return context.canManageCatalogues ? (
    <Stack gap="xs">
      {form}
      <NewStockItemButton ownerId={context.ownerId} onCreated={(created) => setItemId(created.id)} />
    </Stack>
  ) : (
    form
  );
}

export function ExtraChargeForm({ context }: { context: ChargeFormContext }) {
  const types = useExtraChargeTypes(context.ownerId);
  const empty = {
    typeId: null as string | null,
    quantity: 1 as AmountField,
    amount: 0 as AmountField,
    taxPercent: 0 as AmountField,
  };
  const [form, setForm] = useState(empty);
  const set = (changes: Partial<typeof form>) => setForm((current) => ({ ...current, ...changes }));
  const choose = (typeId: string | null, list = types.data) => {
    const type = list?.find((entry) => entry.id === typeId);
    set({
      typeId,
      amount: type ? type.default_amount_cents / 100 : 0,
      taxPercent: type ? type.tax_percent : 0,
    });
  };
  const count = quantityValue(form.quantity);
  const payload: BillingLinePayload | null = form.typeId
    ? {
        kind: 'extra',
        extra_charge_type_id: form.typeId,
        quantity: count,
        unit_price_cents: fieldCents(form.amount),
        tax_percent: fieldPercent(form.taxPercent),
      }
    : null;
  const chargeForm = (
    <AddLineForm
      label="Ad hoc charge type"
      reservationId={context.reservationId}
      payload={payload}
      preview={payload ? linePreview(count, fieldCents(form.amount), fieldPercent(form.taxPercent)) : null}
      onAdded={() => setForm(empty)}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Select
          label="Charge type"
          placeholder={types.data?.length === 0 ? 'No types' : 'Choose a type'}
          data={(types.data ?? []).map((entry) => ({ value: entry.id, label: entry.name }))}
          value={form.typeId}
          onChange={(typeId) => choose(typeId)}
          searchable
        />
        <QuantityInput value={form.quantity} onChange={(value) => set({ quantity: value })} />
        <AmountInput label="Amount" value={form.amount} onChange={(value) => set({ amount: value })} />
        <PercentInput
          label="Tax %"
          value={form.taxPercent}
          onChange={(value) => set({ taxPercent: value })}
        />
      </SimpleGrid>
    </AddLineForm>
  );
  return context.canManageCatalogues ? (
    <Stack gap="xs">
      {chargeForm}
      <NewChargeTypeButton
        ownerId={context.ownerId}
        onCreated={(created) =>
          set({
            typeId: created.id,
            amount: created.default_amount_cents / 100,
            taxPercent: created.tax_percent,
          })
        }
      />
    </Stack>
  ) : (
    chargeForm
  );
}

export function PaymentForm({ context }: { context: ChargeFormContext }) {
  const empty = {
    method: 'manual' as 'manual' | 'payfast',
    amount: 0 as AmountField,
    reference: '',
    note: '',
  };
  const [form, setForm] = useState(empty);
  const set = (changes: Partial<typeof form>) => setForm((current) => ({ ...current, ...changes }));
  const amount = fieldCents(form.amount);
  return (
    <AddLineForm
      label="Payment"
      reservationId={context.reservationId}
      payload={
        form.amount === 0 && !form.reference
          ? null
          : {
              kind: 'payment',
              payment_method: form.method,
              amount_cents: amount,
              transaction_ref: form.reference,
              note: form.note,
            }
      }
      preview={amount > 0 ? `Payment of ${formatRandCents(amount)}` : null}
      onAdded={() => setForm(empty)}
    >
      <Stack gap={4}>
        <Text size="sm" fw={500} id="payment-method-label">
          Method
        </Text>
        <SegmentedControl
          aria-labelledby="payment-method-label"
          value={form.method}
          onChange={(method) => set({ method: method as typeof form.method })}
          data={Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => ({ value, label }))}
          w="fit-content"
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <AmountInput
          label="Amount"
          required
          value={form.amount}
          onChange={(value) => set({ amount: value })}
        />
        <TextInput
          label="Transaction ID"
          value={form.reference}
          onChange={(event) => set({ reference: event.currentTarget.value })}
        />
        <TextInput
          label="Note"
          value={form.note}
          onChange={(event) => set({ note: event.currentTarget.value })}
        />
      </SimpleGrid>
    </AddLineForm>
  );
}

/** A deposit refund is recorded with how it was paid out, on the Refund tab (refund-form.tsx). */
const DEPOSIT_ACTIONS = [
  { value: 'deposit_received', label: 'Received' },
  { value: 'deposit_kept', label: 'Kept' },
] as const;
type DepositAction = (typeof DEPOSIT_ACTIONS)[number]['value'];

/** The security deposit: received is held money (no VAT); kept becomes revenue, VAT included. */
export function DepositForm({ context }: { context: ChargeFormContext }) {
  const [action, setAction] = useState<DepositAction>('deposit_received');
  const suggested = (next: DepositAction) =>
    (next === 'deposit_received' ? context.securityDepositCents : context.depositHeldCents) / 100;
  const empty = {
    amount: suggested('deposit_received') as AmountField,
    taxPercent: context.taxPercent as AmountField,
    reason: '',
    note: '',
  };
  const [form, setForm] = useState(empty);
  const set = (changes: Partial<typeof form>) => setForm((current) => ({ ...current, ...changes }));
  const amount = fieldCents(form.amount);
  const payload: BillingLinePayload =
    action === 'deposit_kept'
      ? {
          kind: action,
          amount_cents: amount,
          tax_percent: fieldPercent(form.taxPercent),
          description: form.reason,
          note: form.note,
        }
      : { kind: action, amount_cents: amount, note: form.note };
  return (
    <AddLineForm
      label="Security deposit"
      reservationId={context.reservationId}
      payload={form.amount === 0 ? null : payload}
      check={() => {
        if (action === 'deposit_kept' && amount > context.depositHeldCents)
          return BILLING_LINE_MESSAGES.keptTooLarge(context.depositHeldCents);
        return null;
      }}
      preview={`Deposit held: ${formatRandCents(context.depositHeldCents)}`}
      onAdded={() => setForm({ ...empty, amount: suggested(action) })}
    >
      <Stack gap={4}>
        <Text size="sm" fw={500} id="deposit-action-label">
          Deposit
        </Text>
        <SegmentedControl
          aria-labelledby="deposit-action-label"
          value={action}
          onChange={(next) => {
            setAction(next as DepositAction);
            set({ amount: suggested(next as DepositAction) });
          }}
          data={DEPOSIT_ACTIONS.map((entry) => ({ ...entry }))}
          w="fit-content"
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: action === 'deposit_kept' ? 4 : 2 }}>
        <AmountInput
          label="Amount"
          required
          value={form.amount}
          onChange={(value) => set({ amount: value })}
        />
        {action === 'deposit_kept' && (
          <>
            <PercentInput
              label="VAT % included"
              value={form.taxPercent}
              onChange={(value) => set({ taxPercent: value })}
            />
            <TextInput
              label="Reason"
              placeholder="Broken glass table"
              value={form.reason}
              onChange={(event) => set({ reason: event.currentTarget.value })}
            />
          </>
        )}
        <TextInput
          label="Note"
          value={form.note}
          onChange={(event) => set({ note: event.currentTarget.value })}
        />
      </SimpleGrid>
    </AddLineForm>
  );
}
