import { Button, Collapse, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { defaultPermissions, type Permissions } from '../../../../domain/permissions.ts';
import { formatRoleLabel } from '../../../../domain/roles.ts';
import { InviteInputSchema } from '../../../../domain/schemas/staff.ts';
import {
  INVITE_FORM_PERMISSIONS,
  parseEmailList,
  STAFF_FAILURES,
  STAFF_ROLES,
  STAFF_TOASTS,
  type StaffRole,
} from '../../../../domain/staff.ts';
import { LazySelect as Select } from '../../../components/lazy-inputs.tsx';
import { refusalOr } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useBulkInvite, useInvite } from '../api.ts';
import { PermissionCheckboxes } from './permission-checkboxes.tsx';

export const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: formatRoleLabel(role) }));

const EMPTY = { first_name: '', last_name: '', email: '' };

/** Invite one person (names and email), or several by email; role and permissions apply to all. */
export function InviteForm() {
  const [person, setPerson] = useState(EMPTY);
  const [role, setRole] = useState<StaffRole>('frontoffice');
  const [permissions, setPermissions] = useState<Permissions>(INVITE_FORM_PERMISSIONS);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkText, setBulkText] = useState('');
  const invite = useInvite();
  const bulk = useBulkInvite();

  const payload = { ...person, role, permissions };
  const parsed = InviteInputSchema.safeParse(payload);
  const touched = Object.values(person).some((value) => value.trim() !== '');
  const problem = touched && !parsed.success ? (parsed.error.issues[0]?.message ?? null) : null;
  const emails = parseEmailList(bulkText);

  const chooseRole = (next: StaffRole) => {
    setRole(next);
    setPermissions(defaultPermissions(next));
  };

  const send = () => {
    if (!parsed.success || invite.isPending) return;
    invite.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(STAFF_TOASTS.invited);
        setPerson(EMPTY);
      },
      onError: (error) => notifyError(refusalOr(error, STAFF_FAILURES.send)),
    });
  };

  const sendBulk = () =>
    bulk.mutate(
      { emails, role, permissions },
      {
        onSuccess: ({ invited, skipped }) => {
          notifySuccess(
            `${invited.length} ${invited.length === 1 ? 'invitation' : 'invitations'} sent${
              skipped.length
                ? `; skipped ${skipped.map((entry) => entry.email).join(', ')} (already invited or registered)`
                : ''
            }`,
          );
          setBulkText('');
        },
        onError: (error) => notifyError(refusalOr(error, STAFF_FAILURES.create)),
      },
    );

  return (
    <form
      aria-label="Invite staff"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <TextInput
            label="First name"
            required
            value={person.first_name}
            onChange={(event) => setPerson({ ...person, first_name: event.currentTarget.value })}
          />
          <TextInput
            label="Last name"
            required
            value={person.last_name}
            onChange={(event) => setPerson({ ...person, last_name: event.currentTarget.value })}
          />
          <TextInput
            label="Email"
            type="email"
            required
            value={person.email}
            onChange={(event) => setPerson({ ...person, email: event.currentTarget.value })}
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={role}
            allowDeselect={false}
            onChange={(next) => next && chooseRole(next as StaffRole)}
          />
        </SimpleGrid>
        <PermissionCheckboxes value={permissions} onChange={setPermissions} />
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        <Group>
          <Button type="submit" disabled={!parsed.success} loading={invite.isPending}>
            Send Invitation
          </Button>
          <Button variant="subtle" onClick={() => setBulkOpen((open) => !open)} aria-expanded={bulkOpen}>
            Invite several by email
          </Button>
        </Group>
        <Collapse expanded={bulkOpen}>
          <Stack gap="xs">
            <Textarea
              label="Emails"
              description="One per line, or separated by commas. They enter their names when they claim the account; the role and permissions above apply to all."
              autosize
              minRows={3}
              value={bulkText}
              onChange={(event) => setBulkText(event.currentTarget.value)}
            />
            <Group>
              <Button
                variant="light"
                disabled={emails.length === 0}
                loading={bulk.isPending}
                onClick={sendBulk}
              >
                Invite {emails.length || ''} {emails.length === 1 ? 'person' : 'people'}
              </Button>
            </Group>
          </Stack>
        </Collapse>
      </Stack>
    </form>
  );
}
