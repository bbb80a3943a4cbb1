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
  DEFAULT_FILTERS,
  DEFAULT_STATUS_FILTER,
  type CalendarFilters as Filters,
  filterReservations,
  ownerOptions,
  statusFilterFromParam,
} from '../../domain/calendar/filters.ts';
import {
  type CalendarMonth,
  isInMonth,
  monthGridRange,
  monthOf,
  monthTitle,
  monthWeeks,
  shiftMonth,
} from '../../domain/calendar/month-grid.ts';
import {
  layoutTimeline,
  monthDayOfSpan,
  shiftSpan,
  spanTitle,
  timelineSpan,
  timelineStartFromParam,
  timelineWeeksFromParam,
  weekStartOf,
} from '../../domain/calendar/timeline.ts';
import { addDays, type IsoDate, todayInBusinessZone } from '../../domain/dates.ts';
import { isBookableListing } from '../../domain/property.ts';
import { useCurrentUser } from '../features/account/api.ts';
import { useCalendarProperties, useCalendarReservations } from '../features/calendar/api.ts';
import { blocksByDay, useCalendarBlocks } from '../features/calendar/blocks-api.ts';
import { BlockDatesDialog } from '../features/calendar/components/block-dates-dialog.tsx';
import { BlockedDayItems } from '../features/calendar/components/blocked-day-items.tsx';
import { CalendarFilters } from '../features/calendar/components/calendar-filters.tsx';
import { CalendarLegend } from '../features/calendar/components/calendar-legend.tsx';
import { CalendarToolbar } from '../features/calendar/components/calendar-toolbar.tsx';
import {
  type CalendarView,
  CalendarViewSwitch,
} from '../features/calendar/components/calendar-view-switch.tsx';
import { DayAgenda } from '../features/calendar/components/day-agenda.tsx';
import { MonthGrid } from '../features/calendar/components/month-grid.tsx';
import { Timeline } from '../features/calendar/components/timeline.tsx';
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
  draft?: { startDate: IsoDate; endDate: IsoDate; propertyId?: string };
}
const EMPTY: never[] = [];

export default function CalendarPage() {
  usePageTitle('Reservation Calendar');
  const today = todayInBusinessZone();
  const { data: user } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  // State, not the address, is the source of truth: quick clicks each build on the month before.
  const [month, setMonth] = useState(() => monthFromParam(searchParams.get('month'), today));
  const [view, setView] = useState<CalendarView>(() =>
    searchParams.get('view') === 'timeline' ? 'timeline' : 'month',
  );
  const [spanStart, setSpanStart] = useState(() => timelineStartFromParam(searchParams.get('start'), today));
  const [spanWeeks, setSpanWeeks] = useState(() => timelineWeeksFromParam(searchParams.get('weeks')));
  const [selectedDay, setSelectedDay] = useState<IsoDate | null>(today);
  const [filters, setFilters] = useState<Filters>(() => ({
    ...DEFAULT_FILTERS,
    status: statusFilterFromParam(searchParams.get('status')),
  }));
  const [editor, setEditor] = useState<EditorState>({ opened: false, reservationId: null });
  const [blocking, setBlocking] = useState(false);

  const weeks = useMemo(() => monthWeeks(month.year, month.month), [month.year, month.month]);
  const span = useMemo(() => timelineSpan(spanStart, spanWeeks), [spanStart, spanWeeks]);
  const monthRange = useMemo(() => monthGridRange(month.year, month.month), [month.year, month.month]);
  const range = view === 'timeline' ? { start: span.start, end: span.end } : monthRange;
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

  const listings = useMemo(
    () =>
      (failed ? [] : (properties.data ?? []))
        .filter(
          (property) =>
            !property.archived &&
            (!filters.ownerId || property.owner_id === filters.ownerId) &&
            (!filters.propertyId || property.id === filters.propertyId),
        )
        .sort((a, b) => a.title.localeCompare(b.title)),
    [failed, properties.data, filters.ownerId, filters.propertyId],
  );
  const bookable = useMemo(
    () => new Set(listings.filter(isBookableListing).map((listing) => listing.id)),
    [listings],
  );
  const rows = useMemo(
    () => (view === 'timeline' ? layoutTimeline(listings, shown, span) : []),
    [view, listings, shown, span],
  );

  // The address keeps the view, its month or span, and a status filter other than the default.
  const address = new URLSearchParams(
    view === 'timeline'
      ? { view, start: span.start, weeks: String(spanWeeks) }
      : { month: monthParam(month) },
  );
  if (filters.status !== DEFAULT_STATUS_FILTER) address.set('status', filters.status);
  const addressText = address.toString();
  useEffect(() => {
    if (searchParams.toString() !== addressText) setSearchParams(addressText, { replace: true });
  }, [addressText, searchParams, setSearchParams]);

  const changeView = (next: CalendarView) => {
    if (next === view) return;
    if (next === 'timeline')
      setSpanStart(weekStartOf(isInMonth(today, month) ? today : `${monthParam(month)}-01`));
    else setMonth(monthOf(monthDayOfSpan(span)));
    setView(next);
  };
  const step = (delta: number) =>
    view === 'timeline'
      ? setSpanStart((current) => shiftSpan(current, spanWeeks, delta))
      : setMonth((current) => shiftMonth(current, delta));
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

  const title = view === 'timeline' ? spanTitle(span) : monthTitle(month.year, month.month);
  const agendaDay = selectedDay && byDay.has(selectedDay) ? selectedDay : null;

  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <Title order={1}>Reservation Calendar</Title>
        <CalendarToolbar
          title={title}
          refreshing={reservations.isRefetching || properties.isRefetching}
          onPrevious={() => step(-1)}
          onNext={() => step(1)}
          onToday={() => {
            goTo(monthOf(today));
            setSpanStart(weekStartOf(today));
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
        <CalendarViewSwitch
          view={view}
          onViewChange={changeView}
          weeks={spanWeeks}
          onWeeksChange={setSpanWeeks}
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
        {view === 'timeline' ? (
          <Timeline
            span={span}
            today={today}
            title={title}
            loading={loading || (properties.isPending && !failed)}
            rows={rows}
            bookable={bookable}
            onOpen={(reservationId) => setEditor({ opened: true, reservationId })}
            onCreate={
              canCreate
                ? (propertyId, day) =>
                    setEditor({
                      opened: true,
                      reservationId: null,
                      draft: { startDate: day, endDate: addDays(day, 1), propertyId },
                    })
                : null
            }
          />
        ) : (
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
        )}
        <CalendarLegend />
        {view === 'month' && agendaDay && !loading && (
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
