import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  canCreateFromCalendar,
  dayClickAction,
  reservationsOnDay,
} from '../../domain/calendar/day-reservations.ts';
import {
  type CalendarFilters as Filters,
  filterReservations,
  NO_FILTERS,
  ownerOptions,
} from '../../domain/calendar/filters.ts';
import {
  type CalendarMonth,
  monthGridRange,
  monthOf,
  monthTitle,
  monthWeeks,
  shiftMonth,
} from '../../domain/calendar/month-grid.ts';
import { type IsoDate, todayInBusinessZone } from '../../domain/dates.ts';
import { useCurrentUser } from '../features/account/api.ts';
import { useCalendarProperties, useCalendarReservations } from '../features/calendar/api.ts';
import { blocksByDay, useCalendarBlocks } from '../features/calendar/blocks-api.ts';
import { BlockDatesDialog } from '../features/calendar/components/block-dates-dialog.tsx';
import { BlockedDayItems } from '../features/calendar/components/blocked-day-items.tsx';
import { CalendarFilters } from '../features/calendar/components/calendar-filters.tsx';
import { CalendarLegend } from '../features/calendar/components/calendar-legend.tsx';
import { CalendarToolbar } from '../features/calendar/components/calendar-toolbar.tsx';
import { DayAgenda } from '../features/calendar/components/day-agenda.tsx';
import { MonthGrid } from '../features/calendar/components/month-grid.tsx';
import { ReservationEditor } from '../features/reservations/components/reservation-editor.tsx';
import { notifyError } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

const LOAD_FAILED = 'Failed to load calendar data';

/** ?month=YYYY-MM keeps the month across reloads; anything else means the current month. */
function monthFromParam(value: string | null, today: IsoDate): CalendarMonth {
  const match = value ? /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value) : null;
  return match ? { year: Number(match[1]), month: Number(match[2]) } : monthOf(today);
}
const monthParam = ({ year, month }: CalendarMonth) => `${year}-${String(month).padStart(2, '0')}`;

/** What the editor shows is kept while it closes, so its content does not change during the transition. */
interface EditorState {
  opened: boolean;
  reservationId: string | null;
  draft?: { startDate: IsoDate; endDate: IsoDate };
}
const EMPTY: never[] = [];

export default function CalendarPage() {
  usePageTitle('Reservation Calendar');
  const today = todayInBusinessZone();
  const { data: user } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  // State, not the address, is the source of truth: quick clicks each build on the month before.
  const [month, setMonth] = useState(() => monthFromParam(searchParams.get('month'), today));
  const [selectedDay, setSelectedDay] = useState<IsoDate | null>(today);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [editor, setEditor] = useState<EditorState>({ opened: false, reservationId: null });
  const [blocking, setBlocking] = useState(false);

  const weeks = useMemo(() => monthWeeks(month.year, month.month), [month.year, month.month]);
  const range = useMemo(() => monthGridRange(month.year, month.month), [month.year, month.month]);
  const reservations = useCalendarReservations(range);
  const properties = useCalendarProperties();
  const blocks = useCalendarBlocks(range);
  const blockedByDay = useMemo(() => blocksByDay(blocks.data ?? [], weeks.flat()), [blocks.data, weeks]);
  const failed = reservations.isError || properties.isError;

  useEffect(() => {
    if (reservations.isError || properties.isError) notifyError(LOAD_FAILED);
  }, [reservations.isError, properties.isError]);

  const all = failed ? EMPTY : (reservations.data ?? EMPTY);
  const shown = useMemo(() => filterReservations(all, filters), [all, filters]);
  const byDay = useMemo(
    () => new Map(weeks.flat().map((day) => [day, reservationsOnDay(shown, day)])),
    [weeks, shown],
  );
  const isStaff = user?.role === 'backoffice' || user?.role === 'frontoffice';
  const owners = isStaff
    ? ownerOptions(user?.parent_owner_id ?? null, [
        ...all.map((reservation) => reservation.owner_id),
        ...(properties.data ?? []).map((property) => property.owner_id),
      ])
    : null;
  const canCreate = !!user && canCreateFromCalendar(user);
  const loading = reservations.isPending && !failed;

  const shownParam = monthParam(month);
  useEffect(() => {
    if (searchParams.get('month') !== shownParam) setSearchParams({ month: shownParam }, { replace: true });
  }, [shownParam, searchParams, setSearchParams]);
  const goTo = (target: CalendarMonth) => setMonth(target);
  const refresh = () => Promise.all([reservations.refetch(), properties.refetch(), blocks.refetch()]);

  const openDay = (day: IsoDate) => {
    setSelectedDay(day);
    if (loading) return;
    const action = dayClickAction(day, byDay.get(day) ?? [], canCreate);
    if (action.kind === 'open') setEditor({ opened: true, reservationId: action.reservationId });
    else if (action.kind === 'create') setEditor({ opened: true, reservationId: null, draft: action.draft });
    else notifyError(action.message);
  };

  const title = monthTitle(month.year, month.month);
  const agendaDay = selectedDay && byDay.has(selectedDay) ? selectedDay : null;

  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <Title order={1}>Reservation Calendar</Title>
        <CalendarToolbar
          title={title}
          refreshing={reservations.isRefetching || properties.isRefetching}
          onPrevious={() => setMonth((current) => shiftMonth(current, -1))}
          onNext={() => setMonth((current) => shiftMonth(current, 1))}
          onToday={() => {
            goTo(monthOf(today));
            setSelectedDay(today);
          }}
          onRefresh={() => void refresh()}
          actions={
            canCreate && (
              <Button
                variant="default"
                onClick={() => setBlocking(true)}
                leftSection={<IconLock size={16} aria-hidden />}
              >
                Block dates
              </Button>
            )
          }
        />
        <CalendarFilters
          filters={filters}
          onChange={setFilters}
          properties={failed ? [] : (properties.data ?? [])}
          owners={owners}
          shown={shown.length}
          total={all.length}
        />
        {failed && (
          <Alert color="red" role="alert" title={LOAD_FAILED}>
            <Group justify="space-between" gap="sm">
              <Text size="sm">The calendar shows no reservations until the data loads.</Text>
              <Button size="xs" color="red" variant="light" onClick={() => void refresh()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-busy={loading || undefined}>
          <MonthGrid
            month={month}
            weeks={weeks}
            today={today}
            selectedDay={selectedDay}
            loading={loading}
            reservationsByDay={byDay}
            title={title}
            dayExtras={(day) => {
              const held = blockedByDay.get(day);
              return held ? <BlockedDayItems blocks={held} /> : null;
            }}
            onDayClick={openDay}
            onMonthChange={goTo}
          />
        </Paper>
        <CalendarLegend />
        {agendaDay && !loading && (
          <DayAgenda
            day={agendaDay}
            reservations={byDay.get(agendaDay) ?? []}
            onOpen={(reservationId) => setEditor({ opened: true, reservationId })}
          />
        )}
      </Stack>
      {user && (
        <ReservationEditor
          user={user}
          opened={editor.opened}
          onClose={() => setEditor((current) => ({ ...current, opened: false }))}
          reservationId={editor.reservationId}
          draft={editor.draft}
          onSaved={() => void reservations.refetch()}
        />
      )}
      {canCreate && (
        <BlockDatesDialog
          opened={blocking}
          onClose={() => setBlocking(false)}
          properties={properties.data ?? []}
          today={today}
        />
      )}
    </Container>
  );
}
