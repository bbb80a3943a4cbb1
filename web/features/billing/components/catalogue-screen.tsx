import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { Role } from '../../../../domain/roles.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type CatalogueHooks, useBusinessOwners } from '../api.ts';
import { failureText, useLoadFailure } from '../load-failure.ts';
import { BillingPage, BillingSection } from './billing-page.tsx';
import { BillingTable, type Column } from './billing-table.tsx';
import { BusinessSelect } from './business-select.tsx';
import { confirmDelete } from './confirm-delete.tsx';

export interface CatalogueScreenProps<
  Entry extends { id: string; name: string },
  Form extends { id: string | null; name: string },
  Payload,
> {
  /** The signed-in user's role (null while unknown): an admin picks the business first. */
  role: Role | null;
  title: string;
  intro: string;
  /** 'stock item', 'charge type': names the form. */
  noun: string;
  hooks: CatalogueHooks<Entry, Payload>;
  columns: Array<Column<Entry>>;
  texts: { loadFailed: string; empty: string; question: string; saved: string; deleted: string };
  emptyForm: Form;
  formOf: (entry: Entry) => Form;
  payloadOf: (form: Form) => Payload;
  canSave: (form: Form) => boolean;
  /** The fields after Name, and how many columns the form takes on a wide screen. */
  fields: (form: Form, set: (changes: Partial<Form>) => void) => ReactNode;
  columnsWide: number;
}

const ARCHIVE_NOTE =
  'If it is already on a reservation’s bill, it is archived instead: hidden from lists, kept on that bill.';

/**
 * A business's catalogue (stock items, ad hoc charge types): a form to add or edit an entry and the
 * list, by name. An admin first picks the business.
 */
export function CatalogueScreen<
  Entry extends { id: string; name: string },
  Form extends { id: string | null; name: string },
  Payload,
>(props: CatalogueScreenProps<Entry, Form, Payload>) {
  const {
    role,
    title,
    intro,
    noun,
    hooks,
    columns,
    texts,
    emptyForm,
    formOf,
    payloadOf,
    canSave,
    fields,
    columnsWide,
  } = props;
  const isAdmin = role === 'admin';
  const owners = useBusinessOwners(isAdmin);
  const [chosenOwner, setChosenOwner] = useState<string | null>(null);
  const ownerId = isAdmin ? (chosenOwner ?? undefined) : undefined;
  const ready = !!role && (!isAdmin || !!ownerId);
  const list = hooks.useList(ownerId, ready);
  const save = hooks.useSave(ownerId);
  const remove = hooks.useDelete();
  const [form, setForm] = useState(emptyForm);
  useLoadFailure(list, texts.loadFailed);
  useLoadFailure(owners, 'Failed to load businesses');
  const reset = () => setForm(emptyForm);
  const set = (changes: Partial<Form>) => setForm((current) => ({ ...current, ...changes }));

  const onSave = () =>
    save.mutate(
      { id: form.id, payload: payloadOf(form) },
      {
        onSuccess: () => {
          notifySuccess(texts.saved);
          reset();
        },
        onError: (error) => notifyError(failureText(error)),
      },
    );

  const onDelete = (entry: Entry) =>
    confirmDelete({
      question: texts.question,
      detail: `${entry.name}. ${ARCHIVE_NOTE}`,
      remove: () => remove.mutateAsync(entry.id),
      done: texts.deleted,
      onDeleted: () => {
        if (form.id === entry.id) reset();
      },
    });

  return (
    <BillingPage title={title} intro={intro}>
      {isAdmin && (
        <BusinessSelect
          owners={owners.data}
          loading={owners.isPending}
          value={chosenOwner}
          onChange={(id) => {
            setChosenOwner(id);
            reset();
          }}
        />
      )}
      {isAdmin && !ownerId && <Text c="dimmed">Choose a business to manage its {title.toLowerCase()}.</Text>}
      {ready && (
        <>
          <BillingSection title={form.id ? `Edit ${noun}` : `Add a ${noun}`}>
            <form
              aria-label={form.id ? `Edit ${noun}` : `New ${noun}`}
              onSubmit={(event) => {
                event.preventDefault();
                if (canSave(form) && !save.isPending) onSave();
              }}
            >
              <SimpleGrid cols={{ base: 1, xs: 2, md: columnsWide }}>
                <TextInput
                  label="Name"
                  required
                  value={form.name}
                  onChange={(event) => set({ name: event.currentTarget.value } as Partial<Form>)}
                />
                {fields(form, set)}
              </SimpleGrid>
              <Group mt="md">
                <Button type="submit" disabled={!canSave(form)} loading={save.isPending}>
                  Save
                </Button>
                <Button variant="default" onClick={reset}>
                  Reset
                </Button>
              </Group>
            </form>
          </BillingSection>
          <BillingSection title={title}>
            <BillingTable
              caption={title}
              columns={columns}
              rows={list.data}
              loading={list.isPending}
              empty={texts.empty}
              nameOf={(entry) => entry.name}
              onEdit={(entry) => setForm(formOf(entry))}
              onDelete={onDelete}
            />
          </BillingSection>
        </>
      )}
    </BillingPage>
  );
}
