import {
  Alert,
  Container,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDisplayDate, type IsoDate } from '../../domain/dates.ts';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_LABELS,
  AUDIT_ENTITY_TYPES,
  type AuditAction,
  type AuditEntityType,
} from '../../domain/schemas/audit.ts';
import { DatePickerInput } from '../components/mantine-dates.ts';
import { useAdminAudit, useAuditBusinesses } from '../features/audit/api.ts';
import { AuditList } from '../features/audit/components/audit-list.tsx';
import { ApiError } from '../lib/api.ts';
import { usePageTitle } from '../lib/page-title.ts';

const PAGE_SIZE = 25;
const ENTITY_OPTIONS = AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: AUDIT_ENTITY_LABELS[type] }));
const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }));

/** The admin's audit log (docs/decisions/051): every recorded change, filtered and paged by the server. */
export default function AdminAuditPage() {
  usePageTitle('Audit log');
  const businesses = useAuditBusinesses();
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const [entityType, setEntityType] = useState<string | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [actorText, setActorText] = useState('');
  const [searchText, setSearchText] = useState('');
  const [actor] = useDebouncedValue(actorText.trim(), 300);
  const [q] = useDebouncedValue(searchText.trim(), 300);
  const [page, setPage] = useState(1);
  const audit = useAdminAudit({
    owner_id: ownerId ?? undefined,
    entity_type: (entityType ?? undefined) as AuditEntityType | undefined,
    action: (action ?? undefined) as AuditAction | undefined,
    actor: actor || undefined,
    q: q || undefined,
    from: range[0] ?? undefined,
    to: range[1] ?? range[0] ?? undefined,
    page,
    size: PAGE_SIZE,
  });
  const total = audit.data?.total ?? 0;
  const pageCount = Math.ceil(total / PAGE_SIZE);
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Audit log</Title>
          <Text c="dimmed">
            Every change to reservations, billing lines, documents, prices, availability, staff permissions
            and subscriptions: who made it, when, and what it was before and after.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Select
            label="Business"
            placeholder="All businesses"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear business filter' }}
            searchable
            data={(businesses.data ?? []).map((owner) => ({
              value: owner.id,
              label: `${owner.first_name} ${owner.last_name} (${owner.email})`,
            }))}
            value={ownerId}
            onChange={filter(setOwnerId)}
          />
          <Select
            label="Entity"
            placeholder="All entities"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear entity filter' }}
            data={ENTITY_OPTIONS}
            value={entityType}
            onChange={filter(setEntityType)}
          />
          <Select
            label="Action"
            placeholder="All actions"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear action filter' }}
            data={ACTION_OPTIONS}
            value={action}
            onChange={filter(setAction)}
          />
          <DatePickerInput
            type="range"
            label="Dates"
            placeholder="Any dates"
            value={range}
            onChange={(value) => filter(setRange)(value as [string | null, string | null])}
            valueFormat="D MMM YYYY"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear dates filter' }}
            allowSingleDateInRange
            getDayProps={(date) => ({ 'aria-label': formatDisplayDate(date as IsoDate) })}
            ariaLabels={{
              previousMonth: 'Previous month',
              nextMonth: 'Next month',
              previousYear: 'Previous year',
              nextYear: 'Next year',
              previousDecade: 'Previous decade',
              nextDecade: 'Next decade',
            }}
          />
          <TextInput
            label="Actor"
            placeholder="Email or user id"
            value={actorText}
            onChange={(event) => filter(setActorText)(event.currentTarget.value)}
          />
          <TextInput
            label="Search"
            placeholder="Reference, listing or summary"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={searchText}
            onChange={(event) => filter(setSearchText)(event.currentTarget.value)}
          />
        </SimpleGrid>
        {audit.isError ? (
          <Alert color="red" role="alert">
            {audit.error instanceof ApiError ? audit.error.message : 'Failed to load the audit log'}
          </Alert>
        ) : (
          <>
            {audit.data && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {total === 1 ? '1 entry' : `${total} entries`}
              </Text>
            )}
            <AuditList entries={audit.data?.entries} loading={audit.isPending} />
            {pageCount > 1 && (
              <Group justify="center">
                <Pagination
                  total={pageCount}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({
                    'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
                  })}
                  getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
                />
              </Group>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
