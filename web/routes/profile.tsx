import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_DELETION_MESSAGES } from '../../domain/account-deletion.ts';
import { formatRoleLabel } from '../../domain/roles.ts';
import { quickActions } from '../../domain/routes.ts';
import { ProfileUpdateSchema } from '../../domain/schemas/user.ts';
import { useLogout } from '../app/use-logout.ts';
import { type CurrentUser, useCurrentUser, useUpdateProfile } from '../features/account/api.ts';
import { NotificationSettingsSection } from '../features/account/components/notification-settings-section.tsx';
import { YourDataSection } from '../features/account/components/your-data-section.tsx';
import { BusinessDetailsSection } from '../features/business/components/business-details-section.tsx';
import { OnlinePaymentsSection } from '../features/business/components/online-payments-section.tsx';
import { PaymentPlanSection } from '../features/business/components/payment-plan-section.tsx';
import { PublicProfileSection } from '../features/business-profile/components/public-profile-section.tsx';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { zodValidate } from '../lib/zod-form.ts';

function ProfileField({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  );
}

function ProfileEditor({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const update = useUpdateProfile();
  const form = useForm({
    mode: 'controlled',
    initialValues: { first_name: user.first_name, last_name: user.last_name, phone: user.phone ?? '' },
    validate: zodValidate(ProfileUpdateSchema),
    validateInputOnChange: true,
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync(ProfileUpdateSchema.parse(values));
      notifySuccess('Profile updated successfully');
      onDone();
    } catch {
      notifyError('Failed to update profile');
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required {...form.getInputProps('first_name')} />
          <TextInput label="Last name" required {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isValid()}>
            Save Changes
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function ProfilePage() {
  usePageTitle('My Profile');
  const { data: user, isPending, isError } = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const logout = useLogout();
  // The account and its sessions are gone: forget the user on this device and go home.
  const afterDeletion = async () => {
    notifySuccess(ACCOUNT_DELETION_MESSAGES.deleted);
    await logout('/', { sessionEnded: true });
  };

  if (isPending) {
    return (
      <Container size="md" py="xl" aria-busy="true">
        <Skeleton height={36} width="30%" mb="lg" />
        <Skeleton height={180} />
      </Container>
    );
  }
  if (isError || !user) {
    return (
      <Container size="md" py="xl">
        <Alert color="red" role="alert">
          Unable to load profile. Please try again later.
        </Alert>
      </Container>
    );
  }

  const actions = quickActions(user);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>My Profile</Title>
        <Card withBorder padding="lg" radius="md">
          {editing ? (
            <ProfileEditor user={user} onDone={() => setEditing(false)} />
          ) : (
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                <ProfileField label="Name" value={`${user.first_name} ${user.last_name}`} />
                <ProfileField label="Email" value={user.email} />
                <ProfileField label="Phone" value={user.phone || 'Not provided'} />
                <ProfileField label="Role" value={formatRoleLabel(user.role)} />
              </SimpleGrid>
              <Group>
                <Button onClick={() => setEditing(true)}>Edit Profile</Button>
              </Group>
            </Stack>
          )}
        </Card>
        {user.role === 'owner' && <BusinessDetailsSection />}
        {user.role === 'owner' && <OnlinePaymentsSection />}
        {(user.role === 'owner' ||
          ((user.role === 'backoffice' || user.role === 'frontoffice') &&
            user.permissions.canManageProperties)) && <PaymentPlanSection />}
        {(user.role === 'owner' ||
          ((user.role === 'backoffice' || user.role === 'frontoffice') &&
            user.permissions.canManageProperties)) && (
          <PublicProfileSection canChangeLogo={user.role === 'owner'} />
        )}
        <NotificationSettingsSection />
        <YourDataSection role={user.role} onDeleted={afterDeletion} />
        {actions.length > 0 && (
          <section aria-labelledby="quick-actions">
            <Title order={2} size="h3" id="quick-actions" mb="sm">
              Quick Actions
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {actions.map((action) => (
                <UnstyledButton key={action.to} component={Link} to={action.to}>
                  <Card withBorder padding="md" radius="md">
                    <Group justify="space-between">
                      <Text fw={600}>{action.label}</Text>
                      <IconArrowRight size={18} aria-hidden />
                    </Group>
                  </Card>
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </section>
        )}
      </Stack>
    </Container>
  );
}
