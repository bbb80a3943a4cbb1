import { Alert, Badge, Button, Card, Container, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { formatDisplayDate } from '../../domain/dates.ts';
import { formatRandCents } from '../../domain/money.ts';
import { BalanceDueNote } from '../features/online-payments/components/balance-due-note.tsx';
import {
  type Decision,
  type Today,
  type TodayBooking,
  type TodayMovement,
  useDecideRequest,
  useToday,
} from '../features/today/api.ts';
import { BookingLine, DeskSection, DeskSkeleton } from '../features/today/components/desk-parts.tsx';
import { refusalOr } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

const DONE: Record<Decision, string> = { approve: 'confirmed', decline: 'declined' };

function useDecisions() {
  const decide = useDecideRequest();
  const run = (booking: TodayBooking, decision: Decision) =>
    decide.mutate(
      { id: booking.id, reference: booking.reference, decision },
      {
        onSuccess: () => notifySuccess(`Reservation ${booking.reference} ${DONE[decision]}`),
        onError: (error) =>
          notifyError(refusalOr(error, `Failed to ${decision} reservation ${booking.reference}`)),
      },
    );
  const confirmDecline = (booking: TodayBooking) =>
    modals.openConfirmModal({
      title: `Decline request ${booking.reference}`,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            The booking is cancelled and {booking.client.first_name} is told by email. Decline this request?
          </Text>
          <Text size="sm" fw={600}>
            {booking.property?.title ?? 'Property Details Unavailable'} · {booking.client.first_name}{' '}
            {booking.client.last_name}
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Decline', cancel: 'Keep request' },
      confirmProps: { color: 'red' },
      onConfirm: () => run(booking, 'decline'),
    });
  const busy = (booking: TodayBooking) => decide.isPending && decide.variables?.id === booking.id;
  return { approve: (booking: TodayBooking) => run(booking, 'approve'), confirmDecline, busy };
}

function Pending({ pending }: { pending: Today['pending'] }) {
  const { approve, confirmDecline, busy } = useDecisions();
  return (
    <DeskSection title="Requests waiting for approval" count={pending.total} empty="No requests waiting">
      {pending.items.map((booking) => (
        <BookingLine
          key={booking.id}
          booking={booking}
          aside={<Text size="sm">{formatRandCents(booking.total_price_cents)}</Text>}
          actions={
            <>
              <Button
                size="xs"
                loading={busy(booking)}
                onClick={() => approve(booking)}
                aria-label={`Approve ${booking.reference}`}
              >
                Approve
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                disabled={busy(booking)}
                onClick={() => confirmDecline(booking)}
                aria-label={`Decline ${booking.reference}`}
              >
                Decline
              </Button>
            </>
          }
        />
      ))}
    </DeskSection>
  );
}

function Movements({ rows, title, empty }: { rows: TodayMovement[]; title: string; empty: string }) {
  return (
    <DeskSection level={3} title={title} count={rows.length} empty={empty}>
      {rows.map((row) => (
        <BookingLine
          key={`${row.movement}-${row.booking.id}`}
          booking={row.booking}
          lead={
            <Badge variant="outline" miw="max-content">
              {row.time ? `${row.label} ${row.time}` : row.label}
            </Badge>
          }
        />
      ))}
    </DeskSection>
  );
}

function Day({ day, name }: { day: Today['days'][number]; name: 'today' | 'tomorrow' }) {
  const title = name === 'today' ? 'Today' : 'Tomorrow';
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label={`${title}, ${formatDisplayDate(day.date)}`}
    >
      <Stack gap="md">
        <Title order={2} size="h3">
          {title} · {formatDisplayDate(day.date)}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Movements rows={day.arrivals} title={`Arrivals ${name}`} empty={`No arrivals ${name}`} />
          <Movements rows={day.departures} title={`Departures ${name}`} empty={`No departures ${name}`} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function Money({ desk }: { desk: Today }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <DeskSection
        title="Balances due"
        count={desk.balances.total}
        empty="No balances due"
        summary={<Text size="sm">{formatRandCents(desk.balances.total_due_cents)} in all</Text>}
      >
        {desk.balances.items.map((booking) => (
          <BookingLine
            key={booking.id}
            booking={booking}
            aside={
              <Stack gap={2} align="flex-end">
                <Text fw={600}>{formatRandCents(booking.balance_due_cents)} due</Text>
                <BalanceDueNote
                  balanceDueOn={booking.balance_due_on}
                  overdue={booking.overdue}
                  balanceCents={booking.balance_due_cents}
                />
              </Stack>
            }
          />
        ))}
      </DeskSection>
      <DeskSection
        title="Deposits held"
        count={desk.deposits.total}
        empty="No deposits held after a stay"
        summary={<Text size="sm">{formatRandCents(desk.deposits.total_held_cents)} in all</Text>}
      >
        {desk.deposits.items.map((booking) => (
          <BookingLine
            key={booking.id}
            booking={booking}
            aside={<Text fw={600}>{formatRandCents(booking.deposit_held_cents)} held</Text>}
          />
        ))}
      </DeskSection>
    </SimpleGrid>
  );
}

const weekday = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-ZA', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

function Week({ week }: { week: Today['week'] }) {
  const wide = useMediaQuery('(min-width: 48em)', true);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="this-week">
      <Stack gap="sm">
        <Title order={2} size="h3" id="this-week">
          This week
        </Title>
        {wide ? (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Day</Table.Th>
                <Table.Th scope="col">Arrivals</Table.Th>
                <Table.Th scope="col">Departures</Table.Th>
                <Table.Th scope="col">Listings in use</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {week.map((day) => (
                <Table.Tr key={day.date}>
                  <Table.Th scope="row">{weekday(day.date)}</Table.Th>
                  <Table.Td>{day.arrivals}</Table.Td>
                  <Table.Td>{day.departures}</Table.Td>
                  <Table.Td>{day.in_use}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {week.map((day) => (
              <Card key={day.date} withBorder padding="xs" component="li">
                <Text fw={600} size="sm">
                  {weekday(day.date)}
                </Text>
                <Text size="sm">
                  {day.arrivals} arriving · {day.departures} leaving · {day.in_use} in use
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Today (issue 22 item 1, docs/decisions/055): where owners and their staff with Reservations start
 * the day — requests to answer, who comes and goes today and tomorrow, money still owed or held,
 * and the week at a glance. Every row opens the reservation editor.
 */
export default function TodayPage() {
  usePageTitle('Today');
  const { data: desk, isPending, isError, error } = useToday();
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={0}>
          <Title order={1}>Today</Title>
          {desk && <Text c="dimmed">{formatDisplayDate(desk.date)}</Text>}
        </Stack>
        {isPending && <DeskSkeleton />}
        {isError && (
          <Alert color="red" role="alert">
            {refusalOr(error, 'Failed to load today')}
          </Alert>
        )}
        {desk && (
          <>
            <Pending pending={desk.pending} />
            {desk.days[0] && <Day day={desk.days[0]} name="today" />}
            {desk.days[1] && <Day day={desk.days[1]} name="tomorrow" />}
            <Money desk={desk} />
            <Week week={desk.week} />
          </>
        )}
      </Stack>
    </Container>
  );
}
