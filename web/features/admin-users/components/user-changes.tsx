import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Role } from '../../../../domain/roles.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type AdminUser, useChangeAdminUser } from '../api.ts';
import { changeFailureText, fullName } from './user-text.ts';

/** A user's role and active flag, changed with a toast for the outcome; (de)activating asks first. */
export function useUserChanges() {
  const change = useChangeAdminUser();

  const changeRole = (user: AdminUser, role: Role) =>
    change.mutate(
      { id: user.id, change: { role } },
      {
        onSuccess: () => notifySuccess('User role updated successfully'),
        onError: (error) => notifyError(changeFailureText(error, 'Failed to update role')),
      },
    );

  const confirmActiveChange = (user: AdminUser) => {
    const activate = !user.is_active;
    const action = activate ? 'Activate' : 'Deactivate';
    modals.openConfirmModal({
      title: `${action} ${fullName(user)}?`,
      children: (
        <Text size="sm">
          {activate
            ? 'They can sign in again.'
            : 'They are signed out at once and cannot sign in until an admin activates them again.'}
        </Text>
      ),
      labels: { confirm: action, cancel: 'Cancel' },
      confirmProps: { color: activate ? 'teal' : 'red' },
      onConfirm: () =>
        change.mutate(
          { id: user.id, change: { is_active: activate } },
          {
            onSuccess: () =>
              notifySuccess(activate ? 'User activated successfully' : 'User deactivated successfully'),
            onError: (error) => notifyError(changeFailureText(error, 'Failed to update user status')),
          },
        ),
    });
  };

  return { changeRole, confirmActiveChange, changing: change.isPending };
}
