import { Badge, Button, Card, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { formatRandCents } from '../../../../domain/money.ts';
import {
  formatBillingDate,
  invoiceFileName,
  SUBSCRIPTION_MESSAGES,
} from '../../../../domain/subscription-screen.ts';
import { notifyError } from '../../../lib/notify.ts';
import { type BillingHistoryEntry, useBillingHistory } from '../api.ts';
import { downloadInvoice } from '../download-invoice.ts';
import { failureText } from './subscription-bits.tsx';

const STATUS = {
  paid: { label: 'Paid', color: 'teal' },
  pending: { label: 'Pending', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
} as const;

function EntryStatus({ status }: { status: BillingHistoryEntry['status'] }) {
  return (
    <Badge color={STATUS[status].color} variant="light" style={{ flexShrink: 0 }}>
      {STATUS[status].label}
    </Badge>
  );
}

function DownloadButton({ entry }: { entry: BillingHistoryEntry }) {
  const [saving, setSaving] = useState(false);
  const url = entry.downloadUrl;
  if (!url) return null;
  const save = async () => {
    setSaving(true);
    try {
      await downloadInvoice(url, invoiceFileName(entry.invoiceNumber));
    } catch {
      notifyError(SUBSCRIPTION_MESSAGES.invoiceFailed);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} aria-hidden />}
      loading={saving}
      onClick={() => void save()}
      aria-label={`Download invoice ${entry.invoiceNumber ?? formatBillingDate(entry.date)}`}
    >
      Download
    </Button>
  );
}

/** Billing tab: payments with their tax invoices; a table from 768 px, cards below. */
export function BillingHistory({ ownerId }: { ownerId: string | null }) {
  const history = useBillingHistory(ownerId);
  const wide = useMediaQuery('(min-width: 48em)', true);

  if (history.isPending)
    return (
      <Stack gap="sm" role="status" aria-label="Loading billing history">
        <Skeleton height={48} radius="md" />
        <Skeleton height={48} radius="md" />
      </Stack>
    );
  if (history.isError)
    return (
      <Text c="var(--mantine-color-error)" role="alert" size="sm">
        {failureText(history.error, 'Failed to load billing history. Please try again.')}
      </Text>
    );
  const { entries } = history.data;
  if (entries.length === 0)
    return (
      <Stack gap={2} align="center" py="md">
        <Text fw={500}>No payments yet</Text>
        <Text size="sm" c="dimmed" ta="center">
          Your payments and their tax invoices will be listed here.
        </Text>
      </Stack>
    );

  if (!wide)
    return (
      <Stack gap="sm" role="list" aria-label="Billing history">
        {entries.map((entry) => (
          <Card key={entry.id} withBorder padding="sm" radius="md" role="listitem">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {entry.description}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatBillingDate(entry.date)}
                  {entry.invoiceNumber && ` · ${entry.invoiceNumber}`}
                </Text>
                <Text size="sm" fw={500}>
                  {formatRandCents(entry.amountCents)}
                </Text>
              </Stack>
              <Stack gap="xs" align="flex-end">
                <EntryStatus status={entry.status} />
                <DownloadButton entry={entry} />
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    );

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label="Billing history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>
              <VisuallyHidden>Download</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBillingDate(entry.date)}</Table.Td>
              <Table.Td>{entry.description}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRandCents(entry.amountCents)}
              </Table.Td>
              <Table.Td>
                <EntryStatus status={entry.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.invoiceNumber ?? '—'}</Table.Td>
              <Table.Td>
                <DownloadButton entry={entry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
