import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { withReturnUrl } from '../../domain/return-url.ts';
import type { SignUpRole } from '../../domain/roles.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { authApi } from '../features/auth/api.ts';
import { PasswordChecklist } from '../features/auth/password-checklist.tsx';
import { ApiError } from '../lib/api.ts';
import { lazyZodValidate, useSchemas, useValidateChangedFieldsOnLoad } from '../lib/zod-form.ts';
import classes from './register.module.css';

const userSchemas = () => import('../../domain/schemas/user.ts');

interface RegisterFormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  role: SignUpRole;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
}

export default function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = params.get('returnUrl');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const schemas = useSchemas(userSchemas);
  const form = useForm<RegisterFormValues>({
    mode: 'controlled',
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      role: params.get('role') === 'owner' ? 'owner' : 'client',
      password: '',
      confirmPassword: '',
      termsAccepted: false,
    },
    validate: lazyZodValidate(schemas?.RegisterFormSchema),
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });
  useValidateChangedFieldsOnLoad(form, schemas !== null);
  const { values } = form;
  const passwordsDiffer = values.password !== values.confirmPassword;
  const canSubmit = form.isValid() && values.termsAccepted && !busy && !passwordsDiffer;
  const confirmError =
    form.isTouched('confirmPassword') && passwordsDiffer ? 'Passwords do not match' : undefined;

  const submit = form.onSubmit(async (formValues) => {
    setBusy(true);
    setError(null);
    try {
      const { RegisterRequestSchema } = await userSchemas();
      const request = RegisterRequestSchema.parse(formValues);
      await authApi.signUp(request, returnUrl);
      await navigate(withReturnUrl(`/verify-email?email=${encodeURIComponent(request.email)}`, returnUrl));
    } catch (caught) {
      // The messages load when needed: they are not part of the page's first load (decision 011).
      const { translateAuthError } = await import('../../domain/errors.ts');
      setError(translateAuthError(caught instanceof ApiError ? caught.message : 'Registration failed'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard title="Create your account" subtitle="Join Rentza to rent or list anything, anywhere, anytime.">
      {error && (
        <Alert color="red" role="alert" title="Registration failed">
          {error}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <div className={classes.names}>
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              {...form.getInputProps('last_name')}
            />
          </div>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            placeholder="082 123 4567"
            {...form.getInputProps('phone')}
          />
          <Radio.Group label="I want to" required {...form.getInputProps('role')}>
            <Group mt={6}>
              <Radio value="client" label="Rent a Property" />
              <Radio value="owner" label="List My Property" />
            </Group>
          </Radio.Group>
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordChecklist password={values.password} />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
            error={confirmError}
          />
          <Checkbox
            label={
              <>
                I accept the{' '}
                <Anchor component={Link} to="/terms" target="_blank">
                  terms and conditions
                </Anchor>
              </>
            }
            {...form.getInputProps('termsAccepted', { type: 'checkbox' })}
          />
          <Text size="sm" c="dimmed">
            How we use your information: our{' '}
            <Anchor component={Link} to="/privacy" target="_blank">
              privacy notice
            </Anchor>
          </Text>
          <Button type="submit" disabled={!canSubmit} fullWidth>
            {busy ? 'Creating Account...' : 'Create Account'}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to={withReturnUrl('/login', returnUrl)}>
          Login
        </Anchor>
      </Text>
    </AuthCard>
  );
}
