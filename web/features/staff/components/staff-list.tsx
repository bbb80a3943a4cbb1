import { Badge, Button, Card, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { PERMISSION_KEYS, type Permissions } from '../../../../domain/permissions.ts';
import { PERMISSION_TEXTS, STAFF_FAILURES, STAFF_TOASTS, type StaffRole } from '../../../../domain/staff.ts';
import { LazySelect as Select } from '../../../components/lazy-inputs.tsx';
import { refusalOr } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type StaffMember, useUpdateStaff } from '../api.ts';
import { ROLE_OPTIONS } from './invite-form.tsx';
import { PermissionCheckboxes } from './permission-checkboxes.tsx';

const nameOf = (member: StaffMember) => `${member.first_name} ${member.last_name}`;

const permissionSummary = (permissions: Permissions) => {
  const granted = PERMISSION_KEYS.filter((key) => permissions[key]).map((key) => PERMISSION_TEXTS[key].label);
  return granted.length ? granted.join(', ') : 'None';
};

function EditPermissionsModal({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const update = useUpdateStaff();
  const [permissions, setPermissions] = useState<Permissions | null>(null);
  const value = permissions ?? member?.permissions ?? null;
  const close = () => {
    setPermissions(null);
    onClose();
  };
  return (
    <Modal opened={!!member} onClose={close} title="Edit Permissions">
      {member && value && (
        <Stack>
          <Text size="sm">
            {nameOf(member)} ({member.email})
          </Text>
          <PermissionCheckboxes value={value} onChange={setPermissions} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              loading={update.isPending}
              onClick={() =>
                update.mutate(
                  { id: member.id, changes: { permissions: value } },
                  {
                    onSuccess: () => {
                      notifySuccess(STAFF_TOASTS.permissions);
                      close();
                    },
                    onError: (error) => notifyError(refusalOr(error, STAFF_FAILURES.permissions)),
                  },
                )
              }
            >
              Save Permissions
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** One member's controls: role (a change resets permissions), Edit Permissions, Deactivate or Reactivate. */
function MemberActions({
  member,
  self,
  onEdit,
}: {
  member: StaffMember;
  self: boolean;
  onEdit: (member: StaffMember) => void;
}) {
  const update = useUpdateStaff();
  const name = nameOf(member);
  const changeRole = (role: StaffRole) =>
    update.mutate(
      { id: member.id, changes: { role } },
      {
        onSuccess: () => notifySuccess(STAFF_TOASTS.role),
        onError: (error) => notifyError(refusalOr(error, STAFF_FAILURES.role)),
      },
    );
  const toggle = () =>
    update.mutate(
      { id: member.id, changes: { is_active: !member.is_active } },
      {
        onSuccess: (updated) =>
          notifySuccess(updated.is_active ? STAFF_TOASTS.activated : STAFF_TOASTS.deactivated),
        onError: (error) => notifyError(refusalOr(error, STAFF_FAILURES.status)),
      },
    );
  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label={`Role of ${name}`}
        data={ROLE_OPTIONS}
        value={member.role}
        allowDeselect={false}
        disabled={self}
        w={150}
        onChange={(role) => role && role !== member.role && changeRole(role as StaffRole)}
      />
      <Button
        size="xs"
        variant="light"
        disabled={self}
        onClick={() => onEdit(member)}
        aria-label={`Edit permissions of ${name}`}
      >
        Edit Permissions
      </Button>
      <Button
        size="xs"
        variant="light"
        color={member.is_active ? 'red' : 'teal'}
        disabled={self}
        loading={update.isPending}
        onClick={toggle}
        aria-label={`${member.is_active ? 'Deactivate' : 'Reactivate'} ${name}`}
      >
        {member.is_active ? 'Deactivate' : 'Reactivate'}
      </Button>
    </Group>
  );
}

const StatusBadge = ({ active }: { active: boolean }) => (
  <Badge color={active ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
    {active ? 'Active' : 'Deactivated'}
  </Badge>
);

/** The staff: a table from 768 px, cards below. */
export function StaffList({ members, selfId }: { members: StaffMember[]; selfId: string | undefined }) {
  const wide = useMediaQuery('(min-width: 48em)', true);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const modal = (
    <EditPermissionsModal key={editing?.id ?? 'none'} member={editing} onClose={() => setEditing(null)} />
  );

  if (!wide)
    return (
      <Stack gap="sm" role="list" aria-label="Staff">
        {members.map((member) => (
          <Card key={member.id} withBorder padding="md" radius="md" role="listitem">
            <Stack gap={4}>
              <Group justify="space-between">
                <Text fw={600}>{nameOf(member)}</Text>
                <StatusBadge active={member.is_active} />
              </Group>
              <Text size="sm">{member.email}</Text>
              <Text size="sm" c="dimmed">
                Permissions: {permissionSummary(member.permissions)}
              </Text>
              <MemberActions member={member} self={member.id === selfId} onEdit={setEditing} />
            </Stack>
          </Card>
        ))}
        {modal}
      </Stack>
    );

  return (
    <>
      <Table.ScrollContainer minWidth={980}>
        <Table striped aria-label="Staff">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Permissions</Table.Th>
              <Table.Th miw={120}>Status</Table.Th>
              <Table.Th>Role and actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>{nameOf(member)}</Table.Td>
                <Table.Td>{member.email}</Table.Td>
                <Table.Td>{permissionSummary(member.permissions)}</Table.Td>
                <Table.Td>
                  <StatusBadge active={member.is_active} />
                </Table.Td>
                <Table.Td>
                  <MemberActions member={member} self={member.id === selfId} onEdit={setEditing} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {modal}
    </>
  );
}
