import { Anchor, Table, Text } from '@mantine/core';
import { formatDisplayDate } from '../../../../domain/dates.ts';
import { formatRandCents } from '../../../../domain/money.ts';
import type { DocumentSummary } from '../api.ts';

/** The reservation's issued invoices and credit notes, newest first, each downloadable as issued. */
export function IssuedDocuments({ documents }: { documents: DocumentSummary[] }) {
  if (documents.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table>
        <Table.Caption>
          <Text size="sm" c="dimmed">
            Issued documents never change: a changed reservation gets a new invoice.
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Document</Table.Th>
            <Table.Th>Issued</Table.Th>
            <Table.Th>Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((document) => (
            <Table.Tr key={document.id}>
              <Table.Td>
                <Anchor href={`${document.pdf_url}?download=1`} download={document.file_name}>
                  {document.number}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {document.title}
                {document.credits_number && ` for ${document.credits_number}`}
                {document.credited_by_number && ` (credited by ${document.credited_by_number})`}
              </Table.Td>
              <Table.Td>{formatDisplayDate(document.issue_date)}</Table.Td>
              <Table.Td>{formatRandCents(document.total_cents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
