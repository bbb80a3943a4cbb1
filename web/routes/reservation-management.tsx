import {
  ActionIcon,
  Alert,
  Button,
  Container,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, formatDisplayDate, type IsoDate } from '../../domain/dates.ts';
import { bookedWhen } from '../../domain/owner-units.ts';
import { RESERVATION_STATUSES, type ReservationStatus } from '../../domain/reservation.ts';
import type { BulkAction } from '../../domain/schemas/reservation-list.ts';
import { ExportCsvButton } from '../components/export-csv-button.tsx';
import { DatePickerInput } from '../components/mantine-dates.ts';
import { useCurrentUser } from '../features/account/api.ts';
import { DocumentsMenu } from '../features/documents/components/documents-menu.tsx';
import { InvoiceDialog } from '../features/documents/components/invoice-dialog.tsx';
import {
  type Reservation,
  type ReservationBulkResult,
  type ReservationListItem,
  type ReservationSort,
  useBulkReservations,
  useBusinessProperties,
  useDeleteReservation,
  useReservationPage,
} from '../features/reservations/api.ts';
import { BulkActionBar, BulkResults } from '../features/reservations/components/bulk-action-bar.tsx';
import { ReservationEditor } from '../features/reservations/components/reservation-editor.tsx';
import {
  clientName,
  ReservationCards,
  ReservationTable,
  type SortState,
} from '../features/reservations/components/reservation-list-table.tsx';
import { refusalOr } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { toQueryString } from '../lib/query-string.ts';

const PAGE_SIZES = ['5', '10', '25', '50', '100'];

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...RESERVATION_STATUSES.map((status) => ({
    value: status,
    label: status.charAt(0).toUpperCase() + status.slice(1),
  })),
];

const BULK_DONE: Record<BulkAction, string> = {
  confirm: 'confirmed',
  cancel: 'cancelled',
  send_quote: 'sent a quote',
};

/** The delete confirmation names the booking: reference, listing, client and dates. */
function confirmDeleteOf(onConfirm: (reservation: ReservationListItem) => void) {
  return (reservation: ReservationListItem) =>
    modals.openConfirmModal({
      title: `Delete reservation ${reservation.reference}`,
      children: (
        <Stack gap="xs">
          <Text size="sm">Are you sure you want to delete this reservation?</Text>
          <Text size="sm" fw={600}>
            {reservation.reference} · {reservation.property?.title ?? 'Property Details Unavailable'} ·{' '}
            {clientName(reservation)} · {bookedWhen(reservation)}
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => onConfirm(reservation),
    });
}

function useRowActions(
  onEdit: (reservation: Reservation) => void,
  onInvoice: (reservation: Reservation) => void,
  canDelete: boolean,
) {
  const remove = useDeleteReservation();
  const confirmDelete = confirmDeleteOf((reservation) =>
    remove.mutate(reservation.id, {
      onSuccess: () => notifySuccess('Reservation deleted successfully'),
      // The server's reason (e.g. a reservation with documents is kept: cancel it instead).
      onError: (error) => notifyError(refusalOr(error, 'Failed to delete reservation')),
    }),
  );
  return (reservation: ReservationListItem) => (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        onClick={() => onEdit(reservation)}
        aria-label={`Edit reservation ${reservation.reference} for ${reservation.property?.title ?? 'property'}`}
      >
        <IconEdit size={18} />
      </ActionIcon>
      <DocumentsMenu reservation={reservation} onInvoice={onInvoice} />
      {canDelete && (
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => confirmDelete(reservation)}
          aria-label={`Delete reservation ${reservation.reference} for ${reservation.property?.title ?? 'property'}`}
        >
          <IconTrash size={18} />
        </ActionIcon>
      )}
    </Group>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="xs" role="status" aria-label="Loading reservations">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

export default function ReservationManagementPage() {
  usePageTitle('Reservation Management');
  const [status, setStatus] = useState<string>('all');
  const [propertyId, setPropertyId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [overdueOnly, setOverdueOnly] = useState(false);
  const [query] = useDebouncedValue(search.trim(), 300);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [sort, setSort] = useState<SortState>({ sort: 'start', order: 'desc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkResult, setBulkResult] = useState<ReservationBulkResult | null>(null);
  const references = useRef(new Map<string, string>());
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
  const [from, through] = range;
  const filters = {
    status: status === 'all' ? undefined : (status as ReservationStatus),
    propertyId: propertyId ?? undefined,
    q: query || undefined,
    overdue: overdueOnly ? ('true' as const) : undefined,
    // The picker's last day is included: the server's `to` is exclusive.
    from: from && through ? from : undefined,
    to: from && through ? addDays(through as IsoDate, 1) : undefined,
  };
  const filterKey = JSON.stringify(filters);
  const exportQuery = toQueryString({ ...filters, sort: sort.sort, order: sort.order });
  // A new filter or sort starts again at the first page with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the filters or sort change
  useEffect(() => {
    setPage(1);
    setSelected(new Set());
  }, [filterKey, sort, pageSize]);
  const { data, isPending, isError } = useReservationPage({
    ...filters,
    sort: sort.sort,
    order: sort.order,
    page,
    pageSize,
  });
  for (const item of data?.items ?? []) references.current.set(item.id, item.reference);
  const bulk = useBulkReservations();
  const [invoiceFor, setInvoiceFor] = useState<Reservation | null>(null);
  const actions = useRowActions(
    (reservation) => setEditor({ opened: true, id: reservation.id }),
    setInvoiceFor,
    // Staff edit but never delete (domain/access canDeleteReservationOf: the owner or an admin).
    user?.role === 'owner' || user?.role === 'admin',
  );
  const onSort = (column: ReservationSort) =>
    setSort((current) =>
      current.sort === column
        ? { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' }
        : { sort: column, order: 'asc' },
    );
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected(checked ? new Set((data?.items ?? []).map((item) => item.id)) : new Set());
  const runBulk = (action: BulkAction) =>
    bulk.mutate(
      { action, ids: [...selected] },
      {
        onSuccess: (result) => {
          setBulkResult(result);
          setSelected(new Set());
          const done = result.results.filter((item) => item.outcome === 'done').length;
          const refused = result.results.length - done;
          if (refused === 0)
            notifySuccess(`${done} ${done === 1 ? 'reservation' : 'reservations'} ${BULK_DONE[action]}`);
          else notifyError(`${done} done, ${refused} refused: see the list for each reason`);
        },
        onError: (error) => notifyError(refusalOr(error, 'Failed to update reservations')),
      },
    );
  const listProps = {
    items: data?.items ?? [],
    selected,
    onToggle: toggle,
    onToggleAll: toggleAll,
    actions,
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>Reservation Management</Title>
          <Group gap="xs">
            {/* What the filters and sort show, every page of it (docs/decisions/056). */}
            <ExportCsvButton
              path={`/api/reservations/export.csv?${exportQuery}`}
              fileName="rentza-reservations.csv"
              what="Reservations"
              aria-label="Export CSV of reservations"
            />
            <ExportCsvButton
              path={`/api/reservations/billing-lines.csv?${exportQuery}`}
              fileName="rentza-billing-lines.csv"
              label="Billing lines (CSV)"
              what="Billing lines"
              aria-label="Billing lines (CSV) of these reservations"
            />
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditor({ opened: true, id: null })}
            >
              Create New Reservation
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
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
          <DatePickerInput
            type="range"
            label="Dates"
            placeholder="Any dates"
            description="Bookings overlapping these days"
            value={range}
            onChange={(value) => setRange(value as [string | null, string | null])}
            valueFormat="D MMM YYYY"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear dates filter' }}
            allowSingleDateInRange
            getDayProps={(date) => ({ 'aria-label': formatDisplayDate(date as IsoDate) })}
            ariaLabels={{
              previousMonth: 'Previous month',
              nextMonth: 'Next month',
              previousYear: 'Previous year',
              nextYear: 'Next year',
              previousDecade: 'Previous decade',
              nextDecade: 'Next decade',
            }}
          />
          <TextInput
            label="Search"
            placeholder="Client, reference or property"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Switch
          label="Overdue balances"
          description="Only bookings whose balance date has passed with money still owed"
          checked={overdueOnly}
          onChange={(e) => setOverdueOnly(e.currentTarget.checked)}
        />
        <BulkActionBar
          count={selected.size}
          busy={bulk.isPending ? (bulk.variables?.action ?? null) : null}
          onAction={runBulk}
          onClear={() => setSelected(new Set())}
        />
        <BulkResults
          result={bulkResult}
          referenceOf={(id) => references.current.get(id) ?? id}
          onClose={() => setBulkResult(null)}
        />
        {isPending && <ListSkeleton />}
        {isError && (
          <Alert color="red" role="alert">
            Failed to load reservations
          </Alert>
        )}
        {data && data.items.length === 0 && (
          <Text ta="center" py="xl" c="dimmed">
            No reservations found
          </Text>
        )}
        {data && data.items.length > 0 && (
          <>
            {wide ? (
              <ReservationTable {...listProps} sort={sort} onSort={onSort} />
            ) : (
              <ReservationCards {...listProps} sort={sort} onSortChange={setSort} />
            )}
            <Group justify="space-between" wrap="wrap">
              <Group gap="sm">
                <Text size="sm" c="dimmed">
                  {data.total} {data.total === 1 ? 'reservation' : 'reservations'}
                </Text>
                <Select
                  aria-label="Rows per page"
                  w={90}
                  size="xs"
                  data={PAGE_SIZES}
                  value={String(pageSize)}
                  allowDeselect={false}
                  onChange={(value) => setPageSize(Number(value ?? 50))}
                />
              </Group>
              <Pagination
                total={pages}
                value={page}
                onChange={(next) => {
                  setPage(next);
                  setSelected(new Set());
                }}
                getControlProps={(control) => ({
                  'aria-label':
                    control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : undefined,
                })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            </Group>
          </>
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
