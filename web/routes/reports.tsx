import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { monthLabel } from '../../domain/commission.ts';
import { CSV_BOM } from '../../domain/csv.ts';
import { addMonths, formatDisplayDate, todayInBusinessZone } from '../../domain/dates.ts';
import { formatRandCents } from '../../domain/money.ts';
import { formatUnits } from '../../domain/rental-unit.ts';
import {
  defaultPeriod,
  MAX_REPORT_MONTHS,
  MONTH_PATTERN,
  monthStart,
  periodRefusal,
  REPORT_MESSAGES,
} from '../../domain/reports.ts';
import { type ReportTable, reportCsv } from '../../domain/reports-csv.ts';
import { statusLabel } from '../../domain/reservation.ts';
import { useCurrentUser } from '../features/account/api.ts';
import { type Report, useReport } from '../features/reports/api.ts';
import { ApiError } from '../lib/api.ts';
import { notifySuccess } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

const ReportCharts = lazy(() => import('../features/reports/components/report-charts.tsx'));

const month = (value: string) => monthLabel(monthStart(value));
const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} %`);

/** The months offered: five years back to a year ahead (future bookings have occupancy too). */
function monthChoices(today: string) {
  const last = addMonths(monthStart(today.slice(0, 7)), 12);
  return Array.from({ length: MAX_REPORT_MONTHS + 12 }, (_, index) => {
    const value = addMonths(last, -index).slice(0, 7);
    return { value, label: month(value) };
  });
}

/** Saves a table as a CSV file (built from the figures on screen, docs/decisions/039). */
function download(report: Report, table: ReportTable, title: string) {
  // A BOM, as the server's exports (decision 056): Excel then reads the file as UTF-8.
  const blob = new Blob([CSV_BOM, reportCsv(report, table)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `rentza-${table}-${report.period.from}-to-${report.period.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  notifySuccess(`${title} downloaded as CSV`);
}

function Section({
  title,
  table,
  report,
  empty,
  compact = false,
  children,
}: {
  compact?: boolean;
  title: string;
  table: ReportTable;
  report: Report;
  empty: string | null;
  children: ReactNode;
}) {
  const id = `report-${table}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => download(report, table, title)}
          aria-label={`Download ${title} as CSV`}
        >
          CSV
        </Button>
      </Group>
      {empty ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        // A wide table scrolls sideways on a phone: the region takes the focus, so arrow keys scroll it.
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`${title} table`}>
          <Table striped highlightOnHover aria-labelledby={id} miw={compact ? undefined : 520}>
            {children}
          </Table>
        </Box>
      )}
    </Paper>
  );
}

const Num = ({ children }: { children: ReactNode }) => <Table.Td ta="right">{children}</Table.Td>;
const NumHead = ({ children }: { children: ReactNode }) => <Table.Th ta="right">{children}</Table.Th>;

function Tables({ report }: { report: Report }) {
  const units = (unit: Report['occupancy'][number]['unit'], value: number) => formatUnits(unit, value);
  return (
    <Stack gap="md">
      <Section title="Billed and received" table="money" report={report} empty={null}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <NumHead>Billed</NumHead>
            <NumHead>Received</NumHead>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.money.map((row) => (
            <Table.Tr key={row.month}>
              <Table.Td>{month(row.month)}</Table.Td>
              <Num>{formatRandCents(row.billedCents)}</Num>
              <Num>{formatRandCents(row.receivedCents)}</Num>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            <NumHead>{formatRandCents(report.totals.billedCents)}</NumHead>
            <NumHead>{formatRandCents(report.totals.receivedCents)}</NumHead>
          </Table.Tr>
        </Table.Tfoot>
      </Section>

      <Section
        title="Occupancy"
        table="occupancy"
        report={report}
        empty={report.occupancy.length ? null : 'No listings to report on.'}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Listing</Table.Th>
            <Table.Th>Month</Table.Th>
            <NumHead>Booked</NumHead>
            <NumHead>Available</NumHead>
            <NumHead>Occupancy</NumHead>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.occupancy.map((row) => (
            <Table.Tr key={`${row.listingId}-${row.month}`}>
              <Table.Td>{row.listing}</Table.Td>
              <Table.Td>{month(row.month)}</Table.Td>
              <Num>{units(row.unit, row.bookedUnits)}</Num>
              <Num>{units(row.unit, row.availableUnits)}</Num>
              <Num>{percent(row.occupancyPercent)}</Num>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Section>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Section title="Bookings by status" table="statuses" report={report} empty={null} compact>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Status</Table.Th>
              <NumHead>Bookings</NumHead>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.statuses.map((row) => (
              <Table.Tr key={row.status}>
                <Table.Td>{statusLabel(row.status)}</Table.Td>
                <Num>{row.bookings}</Num>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Section>
        <Section
          title="Average stay"
          table="stays"
          report={report}
          compact
          empty={report.averageStays.length ? null : 'No bookings start in this period.'}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Unit</Table.Th>
              <NumHead>Bookings</NumHead>
              <NumHead>Average</NumHead>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.averageStays.map((row) => (
              <Table.Tr key={row.unit}>
                <Table.Td>{row.unit}</Table.Td>
                <Num>{row.bookings}</Num>
                <Num>{formatUnits(row.unit, row.averageUnits)}</Num>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Section>
        <Section title="Booking lead time" table="leadTime" report={report} empty={null} compact>
          <Table.Thead>
            <Table.Tr>
              <NumHead>Bookings</NumHead>
              <NumHead>Average</NumHead>
              <NumHead>Median</NumHead>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Num>{report.leadTime.bookings}</Num>
              <Num>{report.leadTime.averageDays === null ? '—' : `${report.leadTime.averageDays} days`}</Num>
              <Num>{report.leadTime.medianDays === null ? '—' : `${report.leadTime.medianDays} days`}</Num>
            </Table.Tr>
          </Table.Tbody>
        </Section>
      </SimpleGrid>

      <Section
        title="Top clients"
        table="topClients"
        report={report}
        empty={report.topClients.length ? null : 'Nothing was billed in this period.'}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Client</Table.Th>
            <NumHead>Bookings</NumHead>
            <NumHead>Billed</NumHead>
            <NumHead>Received</NumHead>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.topClients.map((row) => (
            <Table.Tr key={row.clientId}>
              <Table.Td>{row.client}</Table.Td>
              <Num>{row.bookings}</Num>
              <Num>{formatRandCents(row.billedCents)}</Num>
              <Num>{formatRandCents(row.receivedCents)}</Num>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Section>

      <Section
        title="Outstanding balances"
        table="outstanding"
        report={report}
        empty={report.outstanding.length ? null : 'Nothing is owed on the bookings of this period.'}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Listing</Table.Th>
            <Table.Th>Starts</Table.Th>
            <NumHead>Charges</NumHead>
            <NumHead>Paid</NumHead>
            <NumHead>Balance due</NumHead>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.outstanding.map((row) => (
            <Table.Tr key={row.reservationId}>
              <Table.Td>{row.reference}</Table.Td>
              <Table.Td>{row.client}</Table.Td>
              <Table.Td>{row.listing}</Table.Td>
              <Table.Td>{formatDisplayDate(row.startDate)}</Table.Td>
              <Num>{formatRandCents(row.chargesCents)}</Num>
              <Num>{formatRandCents(row.paidCents)}</Num>
              <Num>{formatRandCents(row.balanceDueCents)}</Num>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Section>

      <Section
        title="Deposits held"
        table="deposits"
        report={report}
        empty={report.deposits.length ? null : 'No deposits are held for the bookings of this period.'}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Listing</Table.Th>
            <NumHead>Received</NumHead>
            <NumHead>Refunded</NumHead>
            <NumHead>Kept</NumHead>
            <NumHead>Held</NumHead>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.deposits.map((row) => (
            <Table.Tr key={row.reservationId}>
              <Table.Td>{row.reference}</Table.Td>
              <Table.Td>{row.client}</Table.Td>
              <Table.Td>{row.listing}</Table.Td>
              <Num>{formatRandCents(row.receivedCents)}</Num>
              <Num>{formatRandCents(row.refundedCents)}</Num>
              <Num>{formatRandCents(row.keptCents)}</Num>
              <Num>{formatRandCents(row.heldCents)}</Num>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Section>
    </Stack>
  );
}

function Totals({ report }: { report: Report }) {
  const tiles = [
    ['Billed', report.totals.billedCents],
    ['Received', report.totals.receivedCents],
    ['Outstanding', report.totals.outstandingCents],
    ['Deposits held', report.totals.depositsHeldCents],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
      {tiles.map(([label, cents]) => (
        <Paper key={label} withBorder p="md" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fw={700} size="lg">
            {formatRandCents(cents)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function ReportSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the report">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} h={72} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={260} radius="md" />
      <Skeleton h={320} radius="md" />
    </Stack>
  );
}

export default function ReportsRoute() {
  usePageTitle('Reports');
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const today = todayInBusinessZone();
  const fallback = defaultPeriod(today);
  const asked = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const period =
    MONTH_PATTERN.test(asked.from) && MONTH_PATTERN.test(asked.to) && !periodRefusal(asked)
      ? asked
      : fallback;
  const listing = params.get('listing');
  const report = useReport({ ...period, listing });
  const choices = monthChoices(today);

  const choose = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const merged = { from: period.from, to: period.to, listing, ...changes };
        for (const [key, value] of Object.entries(merged)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        // Keep the period the right way round: moving one end past the other moves both.
        const from = next.get('from') ?? period.from;
        const to = next.get('to') ?? period.to;
        if (to < from) {
          if ('from' in changes) next.set('to', from);
          else next.set('from', to);
        }
        return next;
      },
      { replace: true },
    );

  const error = report.error;
  const notIncluded =
    error instanceof ApiError && error.status === 403 && error.message === REPORT_MESSAGES.notIncluded;

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Reports</Title>
          <Text c="dimmed" size="sm">
            Occupancy, revenue and balances of your business, from your reservations and their billing lines.
          </Text>
        </div>

        {notIncluded ? (
          <Alert color="blue" title="Reports come with Pro and Business" role="status">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{REPORT_MESSAGES.notIncluded}</Text>
              {user?.role === 'owner' && (
                <Button component={Link} to="/subscription?tab=plans">
                  See the plans
                </Button>
              )}
            </Stack>
          </Alert>
        ) : (
          <>
            <Paper withBorder p="md" radius="md" component="form" aria-label="Report period and listing">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <Select
                  label="From"
                  data={choices}
                  value={period.from}
                  onChange={(value) => value && choose({ from: value })}
                  allowDeselect={false}
                  checkIconPosition="right"
                />
                <Select
                  label="To"
                  data={choices}
                  value={period.to}
                  onChange={(value) => value && choose({ to: value })}
                  allowDeselect={false}
                  checkIconPosition="right"
                />
                <Select
                  label="Listing"
                  data={[
                    { value: '', label: 'All listings' },
                    ...(report.data?.listings ?? []).map((item) => ({
                      value: item.id,
                      label: item.archived ? `${item.title} (archived)` : item.title,
                    })),
                  ]}
                  value={listing ?? ''}
                  onChange={(value) => choose({ listing: value || null })}
                  allowDeselect={false}
                  checkIconPosition="right"
                />
              </SimpleGrid>
            </Paper>

            {error && !notIncluded && (
              <Alert color="red" title="The report could not be loaded" role="alert">
                {error instanceof ApiError && error.status < 500 && error.status >= 400
                  ? error.message
                  : 'Failed to load the report. Please try again.'}
              </Alert>
            )}
            {!report.data && !error && <ReportSkeleton />}
            {report.data && (
              <Stack gap="md" aria-busy={report.isFetching} aria-live="polite">
                <Text size="sm" c="dimmed">
                  {month(report.data.period.from)} to {month(report.data.period.to)}
                </Text>
                <Totals report={report.data} />
                <Suspense fallback={<Skeleton h={290} radius="md" />}>
                  <ReportCharts report={report.data} />
                </Suspense>
                <Tables report={report.data} />
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
