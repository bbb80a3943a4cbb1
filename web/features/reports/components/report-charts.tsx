import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { monthLabel } from '../../../../domain/commission.ts';
import { statusLabel } from '../../../../domain/reservation.ts';
import type { Report } from '../api.ts';

/*
 * The Reports screen's charts (@mantine/charts on recharts), loaded with the screen only, after its
 * tables. Each chart has a text description; the same figures are in the tables below it.
 */

const shortMonth = (month: string) => monthLabel(`${month}-01`).replace(/^(\w{3})\w*/, '$1');

function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="figure" m={0}>
      <Title order={3} size="h5" mb={4}>
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm" component="figcaption">
        {description}
      </Text>
      {children}
    </Paper>
  );
}

export default function ReportCharts({ report }: { report: Report }) {
  const money = report.money.map((row) => ({
    month: shortMonth(row.month),
    Billed: row.billedCents / 100,
    Received: row.receivedCents / 100,
  }));
  const occupancy = report.occupancyByMonth.map((row) => ({
    month: shortMonth(row.month),
    Occupancy: row.occupancyPercent ?? 0,
  }));
  const statuses = report.statuses.map((row) => ({
    status: statusLabel(row.status),
    Bookings: row.bookings,
  }));
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <ChartCard title="Billed and received" description="Rand by month; the figures are in the table below.">
        <BarChart
          h={220}
          data={money}
          dataKey="month"
          series={[
            { name: 'Billed', color: 'teal.6' },
            { name: 'Received', color: 'blue.6' },
          ]}
          valueFormatter={(value) => `R ${value.toLocaleString('en-ZA', { maximumFractionDigits: 0 })}`}
          yAxisProps={{ width: 84 }}
          withLegend
        />
      </ChartCard>
      <ChartCard title="Occupancy" description="Per cent of the bookable time booked, by month.">
        <LineChart
          h={220}
          data={occupancy}
          dataKey="month"
          series={[{ name: 'Occupancy', color: 'grape.6' }]}
          yAxisProps={{ domain: [0, 100], width: 64 }}
          valueFormatter={(value) => `${value.toFixed(1)} %`}
          curveType="linear"
        />
      </ChartCard>
      <ChartCard title="Bookings by status" description="Bookings that start in the period.">
        <BarChart
          h={220}
          data={statuses}
          dataKey="status"
          series={[{ name: 'Bookings', color: 'orange.6' }]}
          yAxisProps={{ allowDecimals: false }}
          xAxisProps={{ interval: 0 }}
        />
      </ChartCard>
    </SimpleGrid>
  );
}
