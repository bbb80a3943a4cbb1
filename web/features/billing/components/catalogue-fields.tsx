import { TextInput } from '@mantine/core';
import type { ExtraChargeTypeForm, StockItemForm } from '../drafts.ts';
import { AmountInput, PercentInput } from './amount-input.tsx';

type Setter<Form> = (changes: Partial<Form>) => void;

/** A stock item's fields after its name: on the Stock Items screen and when added from a reservation. */
export function StockItemFields({ form, set }: { form: StockItemForm; set: Setter<StockItemForm> }) {
  return (
    <>
      <TextInput label="SKU" value={form.sku} onChange={(event) => set({ sku: event.currentTarget.value })} />
      <AmountInput label="Unit Price" value={form.unitPrice} onChange={(unitPrice) => set({ unitPrice })} />
      <PercentInput label="Tax %" value={form.taxPercent} onChange={(taxPercent) => set({ taxPercent })} />
      <TextInput
        label="Unit"
        placeholder="ea, day..."
        value={form.unit}
        onChange={(event) => set({ unit: event.currentTarget.value })}
      />
    </>
  );
}

/** An ad hoc charge type's fields after its name. */
export function ExtraChargeTypeFields({
  form,
  set,
}: {
  form: ExtraChargeTypeForm;
  set: Setter<ExtraChargeTypeForm>;
}) {
  return (
    <>
      <AmountInput
        label="Default Amount"
        value={form.defaultAmount}
        onChange={(defaultAmount) => set({ defaultAmount })}
      />
      <PercentInput label="Tax %" value={form.taxPercent} onChange={(taxPercent) => set({ taxPercent })} />
    </>
  );
}
