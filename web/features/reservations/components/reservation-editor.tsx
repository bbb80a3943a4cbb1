import { Alert, Modal, Skeleton, Tabs } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Actor } from '../../../../domain/access.ts';
import { ApiError } from '../../../lib/api.ts';
import { TransactionsTab } from '../../billing/components/transactions-tab.tsx';
import { useReservation } from '../api.ts';

import { ReservationDetailsForm } from './reservation-details-form.tsx';

// Loaded when the tab is opened: most edits never look at the history.
const HistoryTab = lazy(() => import('../../audit/components/history-tab.tsx'));

/** The full-screen reservation editor: Details, Transactions and History tabs, for creating and editing. */
export function ReservationEditor({
  user,
  opened,
  onClose,
  reservationId,
  draft,
  onSaved,
}: {
  user: Actor;
  opened: boolean;
  onClose: () => void;
  reservationId?: string | null;
  /** A new reservation's dates, and its listing when the timeline's row chose one. */
  draft?: { startDate: string; endDate: string; propertyId?: string };
  onSaved?: () => void;
}) {
  const existing = useReservation(opened ? reservationId : null);
  const [tab, setTab] = useState<string | null>('details');
  useEffect(() => {
    if (opened) setTab('details');
  }, [opened]);
  const loading = !!reservationId && existing.isPending;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      title={reservationId ? 'Edit Reservation' : 'Create Reservation'}
      closeButtonProps={{ 'aria-label': 'Close editor' }}
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="transactions">Transactions</Tabs.Tab>
          {reservationId && <Tabs.Tab value="history">History</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="details">
          {loading && <Skeleton height={420} />}
          {existing.isError && (
            <Alert color="red" role="alert">
              {existing.error instanceof ApiError ? existing.error.message : 'Failed to load reservation'}
            </Alert>
          )}
          {!loading && !existing.isError && (
            <ReservationDetailsForm
              user={user}
              key={existing.data?.id ?? `new-${draft?.startDate ?? ''}-${draft?.propertyId ?? ''}`}
              reservation={existing.data}
              initial={draft}
              onClose={onClose}
              onSaved={onSaved}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="transactions">
          {existing.data ? (
            <TransactionsTab reservation={existing.data} user={user} />
          ) : (
            <Alert color="blue">Save the reservation first to add charges and payments.</Alert>
          )}
        </Tabs.Panel>
        {reservationId && (
          <Tabs.Panel value="history">
            <Suspense fallback={<Skeleton height={220} />}>
              <HistoryTab reservationId={reservationId} />
            </Suspense>
          </Tabs.Panel>
        )}
      </Tabs>
    </Modal>
  );
}
