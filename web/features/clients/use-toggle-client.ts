import { CLIENT_FAILURES, CLIENT_TOASTS } from '../../../domain/clients.ts';
import { refusalOr } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { type Client, useSetClientActive } from './api.ts';

/** Deactivate or Activate a client with the spec's toasts (My Clients cards and the client's page). */
export function useToggleClient(client: Pick<Client, 'id' | 'is_active'>) {
  const setActive = useSetClientActive();
  const toggle = () =>
    setActive.mutate(
      { id: client.id, isActive: !client.is_active },
      {
        onSuccess: (updated) =>
          notifySuccess(updated.is_active ? CLIENT_TOASTS.activated : CLIENT_TOASTS.deactivated),
        onError: (error) => notifyError(refusalOr(error, CLIENT_FAILURES.status)),
      },
    );
  return { toggle, pending: setActive.isPending, label: client.is_active ? 'Deactivate' : 'Activate' };
}
