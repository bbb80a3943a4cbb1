import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DELETION_CONFIRMATION_WORD } from '../../../../domain/account-deletion.ts';
import type { Role } from '../../../../domain/roles.ts';
import { markLeavingAccount } from '../../../app/leaving-account.ts';
import { refusalOr } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { downloadMyData, useDeleteAccount } from '../account-data-api.ts';

function DownloadMyData() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadMyData();
      notifySuccess('Your data has been downloaded');
    } catch {
      notifyError('Failed to download your data. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group justify="space-between" wrap="wrap">
      <Text maw={520}>
        Download a copy of your personal data: your profile, bookings, documents and messages, as JSON files
        in a ZIP.
      </Text>
      <Button onClick={download} loading={busy}>
        Download my data
      </Button>
    </Group>
  );
}

function DeleteAccountModal({
  opened,
  onClose,
  role,
  onDeleted,
}: {
  opened: boolean;
  onClose: () => void;
  role: Role;
  onDeleted: () => void;
}) {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ready = password.length > 0 && typed.trim() === DELETION_CONFIRMATION_WORD;
  const close = () => {
    setPassword('');
    setTyped('');
    setError(null);
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setError(null);
    markLeavingAccount(true);
    try {
      await remove.mutateAsync(password);
      onDeleted();
    } catch (failure) {
      markLeavingAccount(false);
      setError(refusalOr(failure, 'Failed to delete your account. Please try again.'));
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Delete my account" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text>This cannot be undone. When you delete your account:</Text>
          <List size="sm" spacing={4}>
            <List.Item>you are signed out everywhere and can no longer sign in;</List.Item>
            <List.Item>
              your name, email, phone, notifications and support messages are erased or anonymised;
            </List.Item>
            <List.Item>businesses keep their booking records, with your name removed;</List.Item>
            <List.Item>
              tax invoices and other documents already issued keep the names printed on them for five years,
              as the law requires.
            </List.Item>
          </List>
          {role === 'owner' && (
            <Alert color="yellow" title="Owners">
              If you have a paid subscription, end it first on{' '}
              <Anchor component={Link} to="/subscription">
                Subscription Management
              </Anchor>
              . Your listings are taken out of search and your staff lose access.
            </Alert>
          )}
          <Text size="sm">
            You cannot delete your account while you have upcoming bookings. Download your data first if you
            want a copy.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <PasswordInput
            label="Password"
            description="Enter your password to confirm it is you"
            required
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <TextInput
            label={`Type ${DELETION_CONFIRMATION_WORD} to confirm`}
            required
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!ready} loading={remove.isPending}>
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** My Profile's "Your data" (POPIA, docs/decisions/054): download everything, or delete the account. */
export function YourDataSection({ role, onDeleted }: { role: Role; onDeleted: () => void }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby="your-data">
      <Title order={2} size="h3" id="your-data" mb="sm">
        Your data
      </Title>
      <Card withBorder padding="lg" radius="md">
        <Stack>
          <DownloadMyData />
          <Card withBorder padding="md" radius="md" style={{ borderColor: 'var(--mantine-color-red-6)' }}>
            <Group justify="space-between" wrap="wrap">
              <div>
                <Text fw={700} c="red">
                  Danger zone
                </Text>
                <Text size="sm" maw={480}>
                  Delete your account and erase your personal data. Read what is kept in our{' '}
                  <Anchor component={Link} to="/privacy">
                    privacy notice
                  </Anchor>
                  .
                </Text>
              </div>
              <Button color="red" variant="outline" onClick={() => setDeleting(true)}>
                Delete my account
              </Button>
            </Group>
          </Card>
        </Stack>
      </Card>
      <DeleteAccountModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        role={role}
        onDeleted={onDeleted}
      />
    </section>
  );
}
