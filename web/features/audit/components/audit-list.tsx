import { Badge, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDisplayDateTime } from '../../../../domain/dates.ts';
import type { AuditEntry } from '../api.ts';
import { AuditChangesList } from './audit-changes.tsx';
import { actionLabel, entityLabel } from './audit-text.ts';

const EMPTY = 'No audit entries match these filters.';

const When = ({ entry }: { entry: AuditEntry }) => (
  <time dateTime={entry.occurred_at}>{formatDisplayDateTime(entry.occurred_at)}</time>
);

/** The audit log as a table from 768 px and as cards below; a skeleton while the first page loads. */
export function AuditList({ entries, loading }: { entries: AuditEntry[] | undefined; loading: boolean }) {
  const wide = useMediaQuery('(min-width: 48em)', true);
  if (loading)
    return (
      <Stack gap="sm" role="status" aria-label="Loading the audit log">
        {[1, 2, 3].map((key) => (
          <Skeleton key={key} height={wide ? 40 : 140} radius="md" />
        ))}
      </Stack>
    );
  if (!entries?.length)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {EMPTY}
      </Text>
    );
  if (!wide)
    return (
      <Stack gap="sm" role="list" aria-label="Audit log">
        {entries.map((entry) => (
          <Card key={entry.id} withBorder padding="md" radius="md" role="listitem">
            <Stack gap={6}>
              <Text fw={600} size="sm">
                {entry.summary ?? entityLabel(entry.entity_type)}
              </Text>
              <Text size="xs" c="dimmed">
                <When entry={entry} /> · {entry.actor_name}
                {entry.owner_name ? ` · ${entry.owner_name}` : ''}
              </Text>
              <Group gap={4}>
                <Badge variant="light" size="sm">
                  {entityLabel(entry.entity_type)}
                </Badge>
                <Badge variant="outline" size="sm">
                  {actionLabel(entry.action)}
                </Badge>
              </Group>
              <AuditChangesList changes={entry.changes} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped aria-label="Audit log" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Business</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Changes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <When entry={entry} />
              </Table.Td>
              <Table.Td>
                {entry.actor_name}
                {entry.actor_role && (
                  <Text size="xs" c="dimmed">
                    {entry.actor_role}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{entry.owner_name ?? '—'}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {entry.summary ?? entityLabel(entry.entity_type)}
                </Text>
                <Text size="xs" c="dimmed">
                  {entityLabel(entry.entity_type)} · {actionLabel(entry.action)}
                </Text>
              </Table.Td>
              <Table.Td>
                <AuditChangesList changes={entry.changes} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
