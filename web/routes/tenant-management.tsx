import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Modal,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  CLIENT_FAILURES,
  CLIENT_TOASTS,
  canAddClient,
  removeClientQuestion,
  UNREGISTERED_NOTICE,
} from '../../domain/clients.ts';
import { CLIENT_PAGE_SIZE } from '../../domain/schemas/clients.ts';
import { ExportCsvButton } from '../components/export-csv-button.tsx';
import { type Client, useClientPage, useCreateClient, useRemoveClient } from '../features/clients/api.ts';
import { ClientStatusBadges, ClientStatusButton } from '../features/clients/components/client-status.tsx';
import { refusalOr } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

const EMPTY_DRAFT = { first_name: '', last_name: '', email: '' };

function AddClientModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const create = useCreateClient(undefined);
  const set = (changes: Partial<typeof draft>) => setDraft((current) => ({ ...current, ...changes }));
  const close = () => {
    setDraft(EMPTY_DRAFT);
    onClose();
  };
  const submit = () => {
    if (!canAddClient(draft) || create.isPending) return;
    create.mutate(
      { first_name: draft.first_name.trim(), last_name: draft.last_name.trim(), email: draft.email.trim() },
      {
        onSuccess: () => {
          notifySuccess(CLIENT_TOASTS.created);
          close();
        },
        onError: (error) => notifyError(refusalOr(error, CLIENT_FAILURES.create)),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title="Add New Client">
      <form
        aria-label="Add New Client"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="First name"
            required
            data-autofocus
            value={draft.first_name}
            onChange={(event) => set({ first_name: event.currentTarget.value })}
          />
          <TextInput
            label="Last name"
            required
            value={draft.last_name}
            onChange={(event) => set({ last_name: event.currentTarget.value })}
          />
          <TextInput
            label="Email"
            type="email"
            required
            value={draft.email}
            onChange={(event) => set({ email: event.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canAddClient(draft)} loading={create.isPending}>
              Add Client
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ClientCard({ client }: { client: Client }) {
  const remove = useRemoveClient();
  const name = `${client.first_name} ${client.last_name}`;
  const page = `/tenant-management/${client.id}`;

  const askToRemove = () =>
    modals.openConfirmModal({
      title: 'Remove client',
      children: (
        <Stack gap="xs">
          <Text size="sm">{removeClientQuestion(client)}</Text>
          <Text size="sm" c="dimmed">
            Their pending reservations with you are cancelled, and they are told. Confirmed and past bookings
            stay as they are.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(client.id, {
          onSuccess: ({ cancelled_reservations }) =>
            notifySuccess(
              cancelled_reservations > 0
                ? `${CLIENT_TOASTS.removed} (${cancelled_reservations} pending ${cancelled_reservations === 1 ? 'reservation' : 'reservations'} cancelled)`
                : CLIENT_TOASTS.removed,
            ),
          onError: (error) => notifyError(refusalOr(error, CLIENT_FAILURES.remove)),
        }),
    });

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Stack gap="xs" h="100%">
        <Title order={2} size="h4">
          <Anchor component={Link} to={page} inherit>
            {name}
          </Anchor>
        </Title>
        <ClientStatusBadges client={client} />
        <Text size="sm">{client.email}</Text>
        {client.phone && <Text size="sm">{client.phone}</Text>}
        {client.region && (
          <Text size="sm" c="dimmed">
            Region: {client.region}
          </Text>
        )}
        {!client.registered && (
          <Text size="sm" c="dimmed">
            {UNREGISTERED_NOTICE}
          </Text>
        )}
        <Group mt="auto" pt="xs">
          <Button size="xs" variant="light" component={Link} to={page} aria-label={`View ${name}`}>
            View
          </Button>
          <ClientStatusButton client={client} name={name} />
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={askToRemove}
            loading={remove.isPending}
            aria-label={`Remove ${name}`}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The page number in the address (?page=2), so Back and a reload keep the page; 1 when absent or wrong. */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked > 1 ? asked : 1;
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next > 1) changed.set('page', String(next));
        else changed.delete('page');
        return changed;
      },
      { replace: false },
    );
  return [page, setPage];
}

/**
 * My Clients (spec subscriptions-staff-billing §2): the owner's clients, to add, search, switch off and
 * remove. One page of cards at a time, the search and the paging done by the server (docs/decisions/069).
 */
export default function TenantManagementPage() {
  usePageTitle('My Clients');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = usePageParam();
  const [adding, setAdding] = useState(false);
  const clients = useClientPage({ q: q || undefined, page, pageSize: CLIENT_PAGE_SIZE });
  const total = clients.data?.total ?? 0;
  const pageCount = Math.ceil(total / CLIENT_PAGE_SIZE);
  const shown = clients.data?.items ?? [];
  const searched = clients.data ? q : '';

  // Past the last page (its last client removed, or an old address): the last page there is.
  useEffect(() => {
    if (clients.data && !clients.isPlaceholderData && page > Math.max(1, pageCount))
      setPage(Math.max(1, pageCount));
  });

  const first = (page - 1) * CLIENT_PAGE_SIZE + 1;
  const last = Math.min(total, page * CLIENT_PAGE_SIZE);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>My Clients</Title>
            <Text c="dimmed">The people you rent to: add them, book for them, and keep their details.</Text>
          </div>
          <Group gap="xs">
            {/* The clients the search shows, filtered by the server with the same rule (decision 056). */}
            <ExportCsvButton
              path={`/api/clients/export.csv${search.trim() ? `?q=${encodeURIComponent(search.trim())}` : ''}`}
              fileName="rentza-clients.csv"
              what="Clients"
              aria-label="Export CSV of clients"
            />
            <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
              Add New Client
            </Button>
          </Group>
        </Group>
        <TextInput
          label="Search clients"
          placeholder="Name or email"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            if (page !== 1) setPage(1);
          }}
          maw={420}
        />
        {clients.isPending && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-label="Loading clients">
            {[1, 2, 3].map((key) => (
              <Skeleton key={key} height={170} radius="md" />
            ))}
          </SimpleGrid>
        )}
        {clients.isError && (
          <Alert color="red" role="alert">
            {refusalOr(clients.error, CLIENT_FAILURES.load)}
          </Alert>
        )}
        {clients.data && total === 0 && !searched && (
          <Stack align="center" py="xl" gap="xs">
            <Title order={2} size="h3">
              No Clients Yet
            </Title>
            <Text c="dimmed">Start by adding your first client.</Text>
          </Stack>
        )}
        {clients.data && total === 0 && !!searched && (
          <Text c="dimmed" ta="center" py="md">
            No clients match “{searched}”.
          </Text>
        )}
        {clients.data && total > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {pageCount > 1
              ? `Clients ${first}–${last} of ${total}`
              : total === 1
                ? '1 client'
                : `${total} clients`}
          </Text>
        )}
        {shown.length > 0 && (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            aria-busy={clients.isPlaceholderData}
            style={{ opacity: clients.isPlaceholderData ? 0.6 : 1 }}
          >
            {shown.map((client) => (
              <ClientCard key={client.id} client={client} />
            ))}
          </SimpleGrid>
        )}
        {pageCount > 1 && (
          <Group justify="center" component="nav" aria-label="Pages of clients">
            <Pagination
              total={pageCount}
              value={Math.min(page, pageCount)}
              onChange={(next) => {
                setPage(next);
                window.scrollTo({ top: 0 });
              }}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Group>
        )}
      </Stack>
      <AddClientModal opened={adding} onClose={() => setAdding(false)} />
    </Container>
  );
}
