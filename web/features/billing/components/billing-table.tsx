import { ActionIcon, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface Column<Row> {
  label: string;
  render: (row: Row) => ReactNode;
  /** Amounts and percentages line up on the right. */
  numeric?: boolean;
}

interface BillingTableProps<Row extends { id: string }> {
  /** Names the table for screen readers, e.g. 'Rates'. */
  caption: string;
  columns: Array<Column<Row>>;
  rows: Row[] | undefined;
  loading: boolean;
  /** The spec's empty text: 'No rates', 'No items', 'No types'. */
  empty: string;
  /** Names a row in its buttons: 'Edit Firewood bundle'. */
  nameOf: (row: Row) => string;
  /** Left out where rows are not edited (billing lines are deleted and added again). */
  onEdit?: (row: Row) => void;
  onDelete: (row: Row) => void;
}

interface RowActionsProps<Row> {
  row: Row;
  name: string;
  onEdit?: (row: Row) => void;
  onDelete: (row: Row) => void;
}

function RowActions<Row>({ row, name, onEdit, onDelete }: RowActionsProps<Row>) {
  return (
    <Group gap={4} wrap="nowrap">
      {onEdit && (
        <ActionIcon variant="subtle" onClick={() => onEdit(row)} aria-label={`Edit ${name}`}>
          <IconEdit size={18} aria-hidden />
        </ActionIcon>
      )}
      <ActionIcon variant="subtle" color="red" onClick={() => onDelete(row)} aria-label={`Delete ${name}`}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** A billing list: a table from 768 px, cards below; skeleton rows while loading; the spec's empty text. */
export function BillingTable<Row extends { id: string }>(props: BillingTableProps<Row>) {
  const { caption, columns, rows, loading, empty, nameOf, onEdit, onDelete } = props;
  const wide = useMediaQuery('(min-width: 48em)', true);
  const actions = (row: Row) => (
    <RowActions row={row} name={nameOf(row)} onEdit={onEdit} onDelete={onDelete} />
  );

  if (!wide) {
    if (loading)
      return (
        <Stack gap="sm" role="status" aria-label={`Loading ${caption.toLowerCase()}`}>
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      );
    if (!rows?.length)
      return (
        <Text c="dimmed" ta="center" py="md">
          {empty}
        </Text>
      );
    return (
      <Stack gap="sm" aria-label={caption} role="list">
        {rows.map((row) => (
          <Card key={row.id} withBorder padding="md" radius="md" role="listitem">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                {columns.map((column, index) => (
                  <Text key={column.label} size="sm" fw={index === 0 ? 600 : undefined}>
                    {index > 0 && (
                      <Text span c="dimmed" size="sm">
                        {column.label}:{' '}
                      </Text>
                    )}
                    {column.render(row)}
                  </Text>
                ))}
              </Stack>
              {actions(row)}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover aria-label={caption} aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} ta={column.numeric ? 'right' : undefined}>
                {column.label}
              </Table.Th>
            ))}
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading &&
            [1, 2].map((key) => (
              <Table.Tr key={key}>
                <Table.Td colSpan={columns.length + 1}>
                  <Skeleton height={20} aria-hidden />
                </Table.Td>
              </Table.Tr>
            ))}
          {!loading && !rows?.length && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 1}>
                <Text c="dimmed" ta="center" size="sm">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {!loading &&
            rows?.map((row) => (
              <Table.Tr key={row.id}>
                {columns.map((column) => (
                  <Table.Td key={column.label} ta={column.numeric ? 'right' : undefined}>
                    {column.render(row)}
                  </Table.Td>
                ))}
                <Table.Td>{actions(row)}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
