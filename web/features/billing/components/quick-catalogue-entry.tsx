import { Button, Group, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { canSaveExtraChargeType, canSaveStockItem } from '../../../../domain/billing-catalogues.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type ExtraChargeType, type StockItem, useSaveExtraChargeType, useSaveStockItem } from '../api.ts';
import {
  EMPTY_EXTRA_CHARGE_TYPE,
  EMPTY_STOCK_ITEM,
  type ExtraChargeTypeForm,
  extraChargeTypePayloadOf,
  fieldCents,
  type StockItemForm,
  stockItemPayloadOf,
} from '../drafts.ts';
import { failureText } from '../load-failure.ts';
import { ExtraChargeTypeFields, StockItemFields } from './catalogue-fields.tsx';

/**
 * A catalogue entry added from the Transactions tab (spec: inline catalogue management): a button
 * that opens a small form; once saved, the new entry is chosen in the charge form.
 */
function QuickEntry<Form>({
  noun,
  empty,
  canSave,
  saving,
  save,
  fields,
}: {
  noun: string;
  empty: Form;
  canSave: (form: Form) => boolean;
  saving: boolean;
  save: (form: Form, done: () => void) => void;
  fields: (form: Form, set: (changes: Partial<Form>) => void) => ReactNode;
}) {
  const [form, setForm] = useState<Form | null>(null);
  if (!form)
    return (
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setForm(empty)}
        >
          New {noun}
        </Button>
      </Group>
    );
  const set = (changes: Partial<Form>) =>
    setForm((current) => (current ? { ...current, ...changes } : current));
  return (
    <Paper withBorder p="sm" radius="md">
      <form
        aria-label={`New ${noun}`}
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave(form) && !saving) save(form, () => setForm(null));
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }}>{fields(form, set)}</SimpleGrid>
        <Group mt="sm">
          <Button type="submit" size="xs" disabled={!canSave(form)} loading={saving}>
            Save {noun}
          </Button>
          <Button size="xs" variant="default" onClick={() => setForm(null)}>
            Cancel
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

function NameInput({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  return (
    <TextInput
      label="Name"
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

export function NewStockItemButton({
  ownerId,
  onCreated,
}: {
  ownerId: string;
  onCreated: (item: StockItem) => void;
}) {
  const saveItem = useSaveStockItem(ownerId);
  return (
    <QuickEntry<StockItemForm>
      noun="stock item"
      empty={EMPTY_STOCK_ITEM}
      canSave={(form) => canSaveStockItem({ name: form.name, unitPriceCents: fieldCents(form.unitPrice) })}
      saving={saveItem.isPending}
      save={(form, done) =>
        saveItem.mutate(
          { id: null, payload: stockItemPayloadOf(form) },
          {
            onSuccess: (item) => {
              notifySuccess('Stock saved');
              onCreated(item);
              done();
            },
            onError: (error) => notifyError(failureText(error)),
          },
        )
      }
      fields={(form, set) => (
        <>
          <NameInput value={form.name} onChange={(name) => set({ name })} />
          <StockItemFields form={form} set={set} />
        </>
      )}
    />
  );
}

export function NewChargeTypeButton({
  ownerId,
  onCreated,
}: {
  ownerId: string;
  onCreated: (type: ExtraChargeType) => void;
}) {
  const saveType = useSaveExtraChargeType(ownerId);
  return (
    <QuickEntry<ExtraChargeTypeForm>
      noun="charge type"
      empty={EMPTY_EXTRA_CHARGE_TYPE}
      canSave={(form) => canSaveExtraChargeType({ name: form.name })}
      saving={saveType.isPending}
      save={(form, done) =>
        saveType.mutate(
          { id: null, payload: extraChargeTypePayloadOf(form) },
          {
            onSuccess: (type) => {
              notifySuccess('Extra charge saved');
              onCreated(type);
              done();
            },
            onError: (error) => notifyError(failureText(error)),
          },
        )
      }
      fields={(form, set) => (
        <>
          <NameInput value={form.name} onChange={(name) => set({ name })} />
          <ExtraChargeTypeFields form={form} set={set} />
        </>
      )}
    />
  );
}
