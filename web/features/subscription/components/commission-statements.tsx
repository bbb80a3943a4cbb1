import { Alert, Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { COMMISSION_PAYMENT_TERMS_DAYS } from '../../../../domain/commission.ts';
import { formatDisplayDate } from '../../../../domain/dates.ts';
import { formatRandCents } from '../../../../domain/money.ts';
import {
  formatBillingDate,
  invoiceFileName,
  SUBSCRIPTION_MESSAGES,
} from '../../../../domain/subscription-screen.ts';
import { LoadingSkeleton } from '../../../components/loading-skeleton.tsx';
import { notifyError } from '../../../lib/notify.ts';
import {
  type CommissionAccrual,
  type CommissionStatementView,
  useCommission,
  usePayStatement,
} from '../commission-api.ts';
import { downloadInvoice } from '../download-invoice.ts';
import { failureText, Section } from './subscription-bits.tsx';

const STATUS_COLOR = { Paid: 'teal', Due: 'yellow', Overdue: 'red' } as const;

function OpenAccruals({ rows, totalCents }: { rows: CommissionAccrual[]; totalCents: number }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No completed bookings since your last statement.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" aria-labelledby="commission-open-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Booking</Table.Th>
            <Table.Th>Listing</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Booking total</Table.Th>
            <Table.Th ta="right">Commission</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.reference}</Table.Td>
              <Table.Td>
                {row.kind === 'credit' ? `Reversed: ${row.propertyTitle}` : row.propertyTitle}
              </Table.Td>
              <Table.Td>{formatBillingDate(row.occurredAt)}</Table.Td>
              <Table.Td ta="right">{formatRandCents(row.baseCents)}</Table.Td>
              <Table.Td ta="right">{formatRandCents(row.amountCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={4}>Accrued so far (VAT included)</Table.Th>
            <Table.Th ta="right">{formatRandCents(totalCents)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function StatementActions({ statement }: { statement: CommissionStatementView }) {
  const pay = usePayStatement();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await downloadInvoice(statement.downloadUrl, invoiceFileName(statement.invoiceNumber));
    } catch {
      notifyError(SUBSCRIPTION_MESSAGES.invoiceFailed);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {statement.status === 'due' && (
        <Button
          size="xs"
          loading={pay.isPending}
          onClick={() =>
            pay.mutate(statement.id, {
              onError: (error) => notifyError(failureText(error, SUBSCRIPTION_MESSAGES.paymentFailed)),
            })
          }
          aria-label={`Pay ${formatRandCents(statement.amountCents)} for ${statement.monthLabel}`}
        >
          Pay
        </Button>
      )}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconDownload size={14} aria-hidden />}
        loading={saving}
        onClick={() => void save()}
        aria-label={`Download tax invoice ${statement.invoiceNumber}`}
      >
        Tax invoice
      </Button>
    </Group>
  );
}

function Statements({ statements }: { statements: CommissionStatementView[] }) {
  if (statements.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No statements yet: the first comes at the start of the month after your first completed booking.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table verticalSpacing="xs" aria-labelledby="commission-statements-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th>Tax invoice</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statements.map((statement) => (
            <Table.Tr key={statement.id}>
              <Table.Td>{statement.monthLabel}</Table.Td>
              <Table.Td>{statement.invoiceNumber}</Table.Td>
              <Table.Td ta="right">{formatRandCents(statement.amountCents)}</Table.Td>
              <Table.Td>{formatDisplayDate(statement.dueDate)}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[statement.statusLabel]} variant="light">
                  {statement.statusLabel}
                </Badge>
              </Table.Td>
              <Table.Td>
                <StatementActions statement={statement} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Billing tab on the commission model (docs/decisions/032): what has accrued since the last statement,
 * the monthly statements with their status, Pay and the tax invoice. Shown while on commission, and
 * afterwards while statements exist.
 */
export function CommissionStatements() {
  const commission = useCommission();
  if (commission.isPending) return <LoadingSkeleton label="Loading commission" height={120} radius="md" />;
  if (commission.isError)
    return (
      <Text c="var(--mantine-color-error)" role="alert" size="sm">
        {failureText(commission.error, 'Failed to load your commission. Please try again.')}
      </Text>
    );
  const data = commission.data;
  if (!data.onCommission && data.statements.length === 0 && data.open.length === 0) return null;
  return (
    <Section title="Commission" id="commission-title">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Rentza keeps {data.ratePercent} % of each completed booking’s total (VAT included). What accrues in
          a month is billed on a statement with a tax invoice at the start of the next month, payable within{' '}
          {COMMISSION_PAYMENT_TERMS_DAYS} days.
        </Text>
        {data.dueCents > 0 && (
          <Alert color="yellow" title={`You owe ${formatRandCents(data.dueCents)}`}>
            Pay your statements below. A statement unpaid after its due date makes your account Payment Due.
          </Alert>
        )}
        <Stack gap="xs">
          <Title order={3} size="h5" id="commission-open-title">
            Since your last statement
          </Title>
          <OpenAccruals rows={data.open} totalCents={data.openTotalCents} />
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h5" id="commission-statements-title">
            Statements
          </Title>
          <Statements statements={data.statements} />
        </Stack>
      </Stack>
    </Section>
  );
}
