import { Card, Checkbox, Group, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatRandCents } from '../../../../domain/money.ts';
import { bookedWhen, bookingEnds } from '../../../../domain/owner-units.ts';
import type { ReservationListItem, ReservationSort } from '../../../../domain/schemas/reservation-list.ts';
import { ArchivedBadge } from '../../../components/archived-badge.tsx';
import { BalanceDueNote } from '../../online-payments/components/balance-due-note.tsx';
import { StatusBadge } from './status-badge.tsx';

const BalanceNote = ({ reservation }: { reservation: ReservationListItem }) => (
  <BalanceDueNote
    balanceDueOn={reservation.balance_due_on}
    overdue={reservation.overdue}
    balanceCents={reservation.balance_due_cents}
  />
);

export interface SortState {
  sort: ReservationSort;
  order: 'asc' | 'desc';
}

interface ListProps {
  items: ReservationListItem[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (checked: boolean) => void;
  actions: (reservation: ReservationListItem) => ReactNode;
}

export const clientName = (reservation: ReservationListItem) =>
  `${reservation.client.first_name} ${reservation.client.last_name}`;

/** The listing's title, marked when the listing has been archived. */
function PropertyName({ reservation }: { reservation: ReservationListItem }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span>{reservation.property?.title ?? 'Property Details Unavailable'}</span>
      {reservation.property?.archived && <ArchivedBadge />}
    </Group>
  );
}

const COLUMNS: { sort: ReservationSort; label: string }[] = [
  { sort: 'reference', label: 'Reference' },
  { sort: 'property', label: 'Property' },
  { sort: 'client', label: 'Client' },
  { sort: 'start', label: 'Start' },
  { sort: 'end', label: 'End' },
  { sort: 'status', label: 'Status' },
  { sort: 'total', label: 'Total' },
  { sort: 'balance', label: 'Balance due' },
];

function SortHeader({
  column,
  state,
  onSort,
}: {
  column: (typeof COLUMNS)[number];
  state: SortState;
  onSort: (sort: ReservationSort) => void;
}) {
  const active = state.sort === column.sort;
  const Icon = !active ? IconArrowsSort : state.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={active ? (state.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton onClick={() => onSort(column.sort)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {column.label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

const selectLabel = (reservation: ReservationListItem) => `Select reservation ${reservation.reference}`;

/** Wide screens: a table sorted by any column (the server sorts; a header click asks for it). */
export function ReservationTable({
  items,
  selected,
  onToggle,
  onToggleAll,
  actions,
  sort,
  onSort,
}: ListProps & { sort: SortState; onSort: (sort: ReservationSort) => void }) {
  const all = items.length > 0 && items.every((item) => selected.has(item.id));
  const some = items.some((item) => selected.has(item.id));
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all reservations on this page"
                checked={all}
                indeterminate={some && !all}
                onChange={(event) => onToggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
            {COLUMNS.map((column) => (
              <SortHeader key={column.sort} column={column} state={sort} onSort={onSort} />
            ))}
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((reservation) => (
            <Table.Tr key={reservation.id}>
              <Table.Td>
                <Checkbox
                  aria-label={selectLabel(reservation)}
                  checked={selected.has(reservation.id)}
                  onChange={() => onToggle(reservation.id)}
                />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{reservation.reference}</Table.Td>
              <Table.Td>
                <PropertyName reservation={reservation} />
              </Table.Td>
              <Table.Td>{clientName(reservation)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{bookingEnds(reservation).start}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{bookingEnds(reservation).end}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge status={reservation.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatRandCents(reservation.total_price_cents)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatRandCents(reservation.balance_due_cents)}
                <BalanceNote reservation={reservation} />
              </Table.Td>
              <Table.Td>{actions(reservation)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const SORT_OPTIONS = COLUMNS.flatMap((column) => [
  { value: `${column.sort}:asc`, label: `${column.label} (ascending)` },
  { value: `${column.sort}:desc`, label: `${column.label} (descending)` },
]);

/** Below 768 px: a card per booking (spec booking-core §2), with select-all and a sort choice. */
export function ReservationCards({
  items,
  selected,
  onToggle,
  onToggleAll,
  actions,
  sort,
  onSortChange,
}: ListProps & { sort: SortState; onSortChange: (sort: SortState) => void }) {
  const all = items.length > 0 && items.every((item) => selected.has(item.id));
  const some = items.some((item) => selected.has(item.id));
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Checkbox
          label="Select all on this page"
          checked={all}
          indeterminate={some && !all}
          onChange={(event) => onToggleAll(event.currentTarget.checked)}
        />
        <Select
          label="Sort by"
          data={SORT_OPTIONS}
          value={`${sort.sort}:${sort.order}`}
          allowDeselect={false}
          onChange={(value) => {
            const [column, order] = (value ?? 'start:desc').split(':') as [ReservationSort, 'asc' | 'desc'];
            onSortChange({ sort: column, order });
          }}
        />
      </Group>
      {items.map((reservation) => (
        <Card key={reservation.id} withBorder padding="md" radius="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <Checkbox
                mt={4}
                aria-label={selectLabel(reservation)}
                checked={selected.has(reservation.id)}
                onChange={() => onToggle(reservation.id)}
              />
              <div>
                <Text fw={600} component="div">
                  <PropertyName reservation={reservation} />
                </Text>
                <Text size="sm">
                  {reservation.reference} · {clientName(reservation)}
                </Text>
                <Text size="sm" c="dimmed">
                  {bookedWhen(reservation)} · {reservation.duration}
                </Text>
                <Group gap="xs" mt={6}>
                  <StatusBadge status={reservation.status} />
                  <Text fw={600}>{formatRandCents(reservation.total_price_cents)}</Text>
                  <Text size="sm">Balance due {formatRandCents(reservation.balance_due_cents)}</Text>
                  <BalanceNote reservation={reservation} />
                </Group>
              </div>
            </Group>
            {actions(reservation)}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
