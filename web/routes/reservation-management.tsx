import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDisplayDate } from '../../domain/dates.ts';
import { formatRandCents } from '../../domain/money.ts';
import { bookedWhen, bookingEnds } from '../../domain/owner-units.ts';
import { RESERVATION_STATUSES, type ReservationStatus } from '../../domain/reservation.ts';
import { ArchivedBadge } from '../components/archived-badge.tsx';
import { useCurrentUser } from '../features/account/api.ts';
import { DocumentsMenu } from '../features/documents/components/documents-menu.tsx';
import { InvoiceDialog } from '../features/documents/components/invoice-dialog.tsx';
import {
  type Reservation,
  useBusinessProperties,
  useDeleteReservation,
  useReservations,
} from '../features/reservations/api.ts';
import { ReservationEditor } from '../features/reservations/components/reservation-editor.tsx';
import { StatusBadge } from '../features/reservations/components/status-badge.tsx';
import { refusalOr } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...RESERVATION_STATUSES.map((status) => ({
    value: status,
    label: status.charAt(0).toUpperCase() + status.slice(1),
  })),
];

function useRowActions(
  onEdit: (reservation: Reservation) => void,
  onInvoice: (reservation: Reservation) => void,
  canDelete: boolean,
) {
  const remove = useDeleteReservation();
  const confirmDelete = (reservation: Reservation) =>
    modals.openConfirmModal({
      title: 'Delete reservation',
      children: <Text size="sm">Are you sure you want to delete this reservation?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(reservation.id, {
          onSuccess: () => notifySuccess('Reservation deleted successfully'),
          // The server's reason (e.g. a reservation with documents is kept: cancel it instead).
          onError: (error) => notifyError(refusalOr(error, 'Failed to delete reservation')),
        }),
    });
  return (reservation: Reservation) => (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        onClick={() => onEdit(reservation)}
        aria-label={`Edit reservation for ${reservation.property?.title ?? 'property'}`}
      >
        <IconEdit size={18} />
      </ActionIcon>
      <DocumentsMenu reservation={reservation} onInvoice={onInvoice} />
      {canDelete && (
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => confirmDelete(reservation)}
          aria-label={`Delete reservation for ${reservation.property?.title ?? 'property'}`}
        >
          <IconTrash size={18} />
        </ActionIcon>
      )}
    </Group>
  );
}

const clientName = (reservation: Reservation) =>
  `${reservation.client.first_name} ${reservation.client.last_name}`;

/** The listing's title, marked when the listing has been archived. */
function PropertyName({ reservation }: { reservation: Reservation }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span>{reservation.property?.title ?? 'Property Details Unavailable'}</span>
      {reservation.property?.archived && <ArchivedBadge />}
    </Group>
  );
}

export default function ReservationManagementPage() {
  usePageTitle('Reservation Management');
  const [status, setStatus] = useState<string>('all');
  const [propertyId, setPropertyId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [editor, setEditor] = useState<{ opened: boolean; id: string | null }>({ opened: false, id: null });
  // "?reservation=<id>" (a notification's link) opens that reservation's editor, then leaves the URL.
  const [params, setParams] = useSearchParams();
  const linked = params.get('reservation');
  useEffect(() => {
    if (!linked) return;
    setEditor({ opened: true, id: linked });
    setParams(
      (current) => {
        current.delete('reservation');
        return current;
      },
      { replace: true },
    );
  }, [linked, setParams]);
  const wide = useMediaQuery('(min-width: 48em)', true);
  const { data: user } = useCurrentUser();
  const properties = useBusinessProperties();
  const { data, isPending, isError } = useReservations({
    status: status === 'all' ? undefined : (status as ReservationStatus),
    property_id: propertyId ?? undefined,
    q: query || undefined,
  });
  const [invoiceFor, setInvoiceFor] = useState<Reservation | null>(null);
  const actions = useRowActions(
    (reservation) => setEditor({ opened: true, id: reservation.id }),
    setInvoiceFor,
    // Staff edit but never delete (domain/access canDeleteReservationOf: the owner or an admin).
    user?.role === 'owner' || user?.role === 'admin',
  );

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>Reservation Management</Title>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditor({ opened: true, id: null })}
          >
            Create New Reservation
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status}
            allowDeselect={false}
            onChange={(value) => setStatus(value ?? 'all')}
          />
          <Select
            label="Property"
            placeholder="All properties"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear property filter' }}
            searchable
            data={(properties.data ?? []).map((p) => ({ value: p.id, label: p.title }))}
            value={propertyId}
            onChange={setPropertyId}
          />
          <TextInput
            label="Search"
            placeholder="Client, client ID or property"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
        </SimpleGrid>
        {isPending && (
          <Center py="xl">
            <Loader role="status" aria-label="Loading reservations" />
          </Center>
        )}
        {isError && (
          <Alert color="red" role="alert">
            Failed to load reservations
          </Alert>
        )}
        {data && data.length === 0 && (
          <Text ta="center" py="xl" c="dimmed">
            No reservations found
          </Text>
        )}
        {data && data.length > 0 && wide && (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Property</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Start</Table.Th>
                  <Table.Th>End</Table.Th>
                  <Table.Th>Duration</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((reservation) => (
                  <Table.Tr key={reservation.id}>
                    <Table.Td>
                      <PropertyName reservation={reservation} />
                    </Table.Td>
                    <Table.Td>{clientName(reservation)}</Table.Td>
                    <Table.Td>{bookingEnds(reservation).start}</Table.Td>
                    <Table.Td>{bookingEnds(reservation).end}</Table.Td>
                    <Table.Td>{reservation.duration}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={reservation.status} />
                    </Table.Td>
                    <Table.Td>{formatRandCents(reservation.total_price_cents)}</Table.Td>
                    <Table.Td>{actions(reservation)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data && data.length > 0 && !wide && (
          <Stack gap="sm">
            {data.map((reservation) => (
              <Card key={reservation.id} withBorder padding="md" radius="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <div>
                    <Text fw={600} component="div">
                      <PropertyName reservation={reservation} />
                    </Text>
                    <Text size="sm">{clientName(reservation)}</Text>
                    <Text size="sm" c="dimmed">
                      {reservation.start_time
                        ? `${formatDisplayDate(reservation.start_date)}, ${reservation.duration}`
                        : `${bookedWhen(reservation)} · ${reservation.duration}`}
                    </Text>
                    <Group gap="xs" mt={6}>
                      <StatusBadge status={reservation.status} />
                      <Text fw={600}>{formatRandCents(reservation.total_price_cents)}</Text>
                    </Group>
                  </div>
                  {actions(reservation)}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
      <InvoiceDialog reservation={invoiceFor} onClose={() => setInvoiceFor(null)} />
      {user && (
        <ReservationEditor
          user={user}
          opened={editor.opened}
          reservationId={editor.id}
          onClose={() => setEditor({ opened: false, id: null })}
        />
      )}
    </Container>
  );
}
