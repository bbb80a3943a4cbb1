import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { type Actor, canManageBillingSetupOf } from '../../../../domain/access.ts';
import {
  BILLING_LINE_MESSAGES,
  BILLING_LINE_TOASTS,
  KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYOUT_METHOD_LABELS,
} from '../../../../domain/billing-lines.ts';
import { formatDisplayDateTime } from '../../../../domain/dates.ts';
import { formatRandCents } from '../../../../domain/money.ts';
import type { Reservation } from '../../../../domain/schemas/reservation.ts';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useBusinessDetails } from '../../business/api.ts';
import { formatPercent } from '../drafts.ts';
import { type BillingLine, useAddBillingLine, useDeleteBillingLine, useLedger } from '../ledger-api.ts';
import { failureText, useLoadFailure } from '../load-failure.ts';
import { BillingTable, type Column } from './billing-table.tsx';
import {
  AdHocChargeForm,
  type ChargeFormContext,
  DepositForm,
  ExtraChargeForm,
  PaymentForm,
  StockChargeForm,
} from './charge-forms.tsx';
import { confirmDelete } from './confirm-delete.tsx';
import { RefundForm } from './refund-form.tsx';
import { SendPaymentLinkButton } from './send-payment-link.tsx';

const isMoneyMovement = (line: BillingLine) => line.payment_amount_cents !== null;

const COLUMNS: Array<Column<BillingLine>> = [
  { label: 'When', render: (line) => formatDisplayDateTime(line.created_at) },
  {
    label: 'Kind',
    render: (line) =>
      line.payment_method
        ? `${KIND_LABELS[line.kind]} (${PAYMENT_METHOD_LABELS[line.payment_method]})`
        : line.payout_method
          ? `${KIND_LABELS[line.kind]} (${PAYOUT_METHOD_LABELS[line.payout_method]})`
          : KIND_LABELS[line.kind],
  },
  {
    label: 'Description',
    render: (line) =>
      line.transaction_ref ? `${line.description} · ${line.transaction_ref}` : line.description,
  },
  { label: 'Qty', render: (line) => (isMoneyMovement(line) ? '' : line.quantity), numeric: true },
  { label: 'Unit', render: (line) => line.unit ?? '' },
  {
    label: 'Tax %',
    render: (line) => (isMoneyMovement(line) ? '' : formatPercent(line.tax_percent)),
    numeric: true,
  },
  {
    label: 'SubTotal',
    render: (line) => (isMoneyMovement(line) ? '' : formatRandCents(line.sub_total_cents)),
    numeric: true,
  },
  {
    label: 'Total/Paid',
    // A refund is money back to the client: a negative payment.
    render: (line) =>
      formatRandCents(
        line.kind === 'refund'
          ? -(line.payment_amount_cents ?? 0)
          : (line.payment_amount_cents ?? line.total_cents),
      ),
    numeric: true,
  },
];

function Figure({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={strong ? 700 : 500}>
        {formatRandCents(cents)}
      </Text>
    </Paper>
  );
}

/**
 * The Transactions tab of a saved reservation (spec booking-core §2): forms for an ad hoc, stock or
 * extra charge, a payment and the security deposit; the add-rental-charge action; the lines and
 * what they add up to. Every amount is computed by the server.
 */
export function TransactionsTab({ reservation, user }: { reservation: Reservation; user: Actor }) {
  const ledger = useLedger(reservation.id);
  const addRental = useAddBillingLine(reservation.id);
  const remove = useDeleteBillingLine(reservation.id);
  useLoadFailure(ledger, 'Failed to load transactions');

  const business = useBusinessDetails(true, user.role === 'admin' ? reservation.owner_id : undefined);
  const data = ledger.data;
  const taxedLines =
    data?.lines.filter((line) => line.tax_percent > 0 && line.payment_amount_cents === null) ?? [];
  const warnNotVatRegistered = business.data?.vat_registered === false && taxedLines.length > 0;
  const rentalCharged = !!data?.lines.some((line) => line.kind === 'rental');
  const context: ChargeFormContext = {
    reservationId: reservation.id,
    ownerId: reservation.owner_id,
    canManageCatalogues: canManageBillingSetupOf(user, reservation.owner_id),
    taxPercent: reservation.tax_percent,
    depositHeldCents: data?.deposit_held_cents ?? 0,
    securityDepositCents: reservation.security_deposit_cents,
  };

  const onDelete = (line: BillingLine) =>
    confirmDelete({
      question: 'Delete this transaction?',
      detail: `${line.description}, ${formatRandCents(line.payment_amount_cents ?? line.total_cents)}. It stays in the history as deleted; issued documents keep it.`,
      remove: () => remove.mutateAsync(line.id),
      done: BILLING_LINE_TOASTS.deleted,
    });

  const onAddRental = () =>
    addRental.mutate(
      { kind: 'rental' },
      {
        onSuccess: () => notifySuccess(BILLING_LINE_TOASTS.added),
        onError: (error) => notifyError(failureText(error)),
      },
    );

  return (
    <Stack gap="lg">
      <section aria-label="Totals">
        {data ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label="Charges total" cents={data.charges_cents} />
            <Figure label="Payments total" cents={data.payments_cents} />
            <Figure label="Balance due" cents={data.balance_due_cents} strong />
            <Figure label="Deposit held" cents={data.deposit_held_cents} />
          </SimpleGrid>
        ) : (
          <Skeleton height={72} aria-hidden />
        )}
        {data && !data.lines.some((line) => line.payment_amount_cents === null) && (
          <Text size="sm" mt="xs">
            Nothing is billed yet: the booking’s total, {formatRandCents(data.total_price_cents)}, is due. Add
            the rental charge to bill it line by line.
          </Text>
        )}
        {data && <SendPaymentLinkButton reservation={reservation} balanceCents={data.balance_due_cents} />}
        {!!data?.credit_cents && (
          <Text size="sm" mt="xs">
            Paid {formatRandCents(data.credit_cents)} more than charged: refund it (Record refund) or keep it
            as a credit.
          </Text>
        )}
      </section>

      <Paper withBorder p="md" radius="md" component="section" aria-label="Add to the bill">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Add to the bill
          </Title>
          <Button
            variant="light"
            onClick={onAddRental}
            loading={addRental.isPending}
            disabled={!data || rentalCharged}
            title={rentalCharged ? BILLING_LINE_MESSAGES.rentalCharged : undefined}
          >
            Add rental charge
          </Button>
        </Group>
        {rentalCharged && (
          <Text size="sm" c="dimmed" mb="sm">
            The rental is charged. To charge it again (after a change of dates or rate), delete its lines
            first.
          </Text>
        )}
        <Tabs defaultValue="ad_hoc" variant="pills" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="ad_hoc">Ad hoc charge</Tabs.Tab>
            <Tabs.Tab value="stock">Stock charge</Tabs.Tab>
            <Tabs.Tab value="extra">Ad hoc charge type</Tabs.Tab>
            <Tabs.Tab value="payment">Payment</Tabs.Tab>
            <Tabs.Tab value="deposit">Deposit</Tabs.Tab>
            <Tabs.Tab value="refund">Record refund</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="ad_hoc">
            <AdHocChargeForm context={context} />
          </Tabs.Panel>
          <Tabs.Panel value="stock">
            <StockChargeForm context={context} />
          </Tabs.Panel>
          <Tabs.Panel value="extra">
            <ExtraChargeForm context={context} />
          </Tabs.Panel>
          <Tabs.Panel value="payment">
            <PaymentForm context={context} />
          </Tabs.Panel>
          <Tabs.Panel value="deposit">
            <DepositForm key={data?.deposit_held_cents ?? 0} context={context} />
          </Tabs.Panel>
          <Tabs.Panel value="refund">
            <RefundForm
              key={`${data?.credit_cents ?? 0}-${data?.deposit_held_cents ?? 0}`}
              context={context}
              creditCents={data?.credit_cents ?? 0}
            />
          </Tabs.Panel>
        </Tabs>
      </Paper>

      {warnNotVatRegistered && (
        <Alert color="yellow" title="Not registered for VAT">
          {taxedLines.length === 1 ? 'A line carries' : `${taxedLines.length} lines carry`} a tax %, but the
          business is not registered for VAT: its invoices show no VAT. Delete and add again without tax:{' '}
          {taxedLines.map((line) => line.description).join('; ')}.
        </Alert>
      )}

      <Paper withBorder p="md" radius="md" component="section" aria-label="Transactions">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Transactions
          </Title>
          <ExportCsvButton
            size="xs"
            path={`/api/reservations/${reservation.id}/transactions.csv`}
            fileName={`rentza-billing-lines-${reservation.reference}.csv`}
            what="Transactions"
            aria-label={`Export CSV of ${reservation.reference}’s transactions`}
            disabled={!data?.lines.length}
          />
        </Group>
        {ledger.isError ? (
          <Alert color="red" role="alert">
            {failureText(ledger.error)}
          </Alert>
        ) : (
          <BillingTable
            caption="Transactions"
            columns={COLUMNS}
            rows={data?.lines}
            loading={ledger.isPending}
            empty="No transactions yet"
            nameOf={(line) => line.description}
            onDelete={onDelete}
          />
        )}
      </Paper>
    </Stack>
  );
}
