import { NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PAYOUT_METHODS, type PayoutMethod } from '../../../../domain/billing.ts';
import { BILLING_LINE_MESSAGES as M, PAYOUT_METHOD_LABELS } from '../../../../domain/billing-lines.ts';
import { formatRandCents } from '../../../../domain/money.ts';
import { type AmountField, fieldCents } from '../drafts.ts';
import { AmountInput } from './amount-input.tsx';
import { AddLineForm, type ChargeFormContext } from './charge-forms.tsx';

const REFUND_KINDS = [
  { value: 'refund', label: 'Refund of overpayment' },
  { value: 'deposit_refunded', label: 'Security deposit refund' },
] as const;
type RefundKind = (typeof REFUND_KINDS)[number]['value'];

export const REFUND_EXPLANATION =
  'PayFast has no refund API for every payment method, so pay the money back yourself (by EFT, in cash, on the card machine or in the PayFast dashboard) and record here how it was paid out.';

/**
 * Record refund (issue 23 item 5, docs/decisions/063): money paid back to the client, either what
 * they paid in excess of the charges (the credit, a cancellation fee taken into account) or the
 * security deposit held. The amount starts at what is refundable; how it was paid out is required.
 */
export function RefundForm({ context, creditCents }: { context: ChargeFormContext; creditCents: number }) {
  const [kind, setKind] = useState<RefundKind>(creditCents > 0 ? 'refund' : 'deposit_refunded');
  const refundable = (next: RefundKind) => (next === 'refund' ? creditCents : context.depositHeldCents);
  const empty = {
    amount: (refundable(kind) / 100) as AmountField,
    payout: '' as PayoutMethod | '',
    reference: '',
    note: '',
  };
  const [form, setForm] = useState(empty);
  const set = (changes: Partial<typeof form>) => setForm((current) => ({ ...current, ...changes }));
  const amount = fieldCents(form.amount);
  return (
    <AddLineForm
      label="Record refund"
      reservationId={context.reservationId}
      payload={
        form.amount === 0
          ? null
          : {
              kind,
              amount_cents: amount,
              // The schema says what is missing: a payout method is required.
              payout_method: (form.payout || undefined) as PayoutMethod,
              transaction_ref: form.reference,
              note: form.note,
            }
      }
      check={() => {
        if (kind === 'refund' && amount > creditCents) return M.overRefund(creditCents);
        if (kind === 'deposit_refunded' && amount > context.depositHeldCents)
          return M.refundTooLarge(context.depositHeldCents);
        return null;
      }}
      preview={`Refundable: ${formatRandCents(refundable(kind))}`}
      onAdded={() => setForm({ ...empty, amount: 0 })}
    >
      <Text size="sm" c="dimmed">
        {REFUND_EXPLANATION}
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="refund-kind-label">
          Refund
        </Text>
        <SegmentedControl
          aria-labelledby="refund-kind-label"
          value={kind}
          onChange={(next) => {
            setKind(next as RefundKind);
            set({ amount: refundable(next as RefundKind) / 100 });
          }}
          data={REFUND_KINDS.map((entry) => ({ ...entry }))}
          w="fit-content"
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <AmountInput
          label="Amount"
          required
          value={form.amount}
          onChange={(value) => set({ amount: value })}
        />
        <NativeSelect
          label="Paid out by"
          required
          value={form.payout}
          onChange={(event) => set({ payout: event.currentTarget.value as PayoutMethod | '' })}
          data={[
            { value: '', label: 'Choose how it was paid out' },
            ...PAYOUT_METHODS.map((method) => ({ value: method, label: PAYOUT_METHOD_LABELS[method] })),
          ]}
        />
        <TextInput
          label="Reference"
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
