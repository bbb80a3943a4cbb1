import { Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ClaimAccountSchema } from '../../domain/schemas/user.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LoadingSkeleton } from '../components/loading-skeleton.tsx';
import { authApi } from '../features/auth/api.ts';
import { PasswordChecklist } from '../features/auth/password-checklist.tsx';
import { ApiError } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { zodValidate } from '../lib/zod-form.ts';

const INVALID_LINK = 'Invalid registration link';

export default function ClaimAccountPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => authApi.describeInvitation(token),
    enabled: token !== '',
    retry: false,
  });
  const form = useForm({
    mode: 'controlled',
    initialValues: { token, first_name: '', last_name: '', phone: '', password: '' },
    validate: zodValidate(ClaimAccountSchema),
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });
  const { setValues } = form;

  useEffect(() => {
    if (!token || invitation.isError) {
      notifyError(INVALID_LINK);
      void navigate('/login', { replace: true });
    }
  }, [token, invitation.isError, navigate]);

  useEffect(() => {
    if (invitation.data) {
      setValues({
        first_name: invitation.data.first_name,
        last_name: invitation.data.last_name,
        phone: invitation.data.phone ?? '',
      });
    }
  }, [invitation.data, setValues]);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await authApi.claimInvitation(values);
      notifySuccess('Registration completed successfully');
      await navigate('/login', { replace: true });
    } catch (caught) {
      notifyError(
        caught instanceof ApiError && caught.status < 500
          ? caught.message
          : 'Failed to complete registration',
      );
    } finally {
      setBusy(false);
    }
  });

  if (!invitation.data) {
    return (
      <AuthCard title="Complete Your Registration">
        <LoadingSkeleton label="Loading invitation" height={200} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Complete Your Registration"
      subtitle={`You were invited to Rentza as ${invitation.data.email}.`}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="First name" required {...form.getInputProps('first_name')} />
            <TextInput label="Last name" required {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <TextInput label="Phone" type="tel" required {...form.getInputProps('phone')} />
          <PasswordInput
            label="Create Password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordChecklist password={form.values.password} />
          <Button type="submit" disabled={!form.isValid() || busy}>
            {busy ? 'Completing...' : 'Complete Registration'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
