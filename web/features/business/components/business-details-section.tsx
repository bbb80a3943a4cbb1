import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BANK_ACCOUNT_TYPES,
  BUSINESS_DETAILS_MESSAGES,
  type BusinessDetailsInput,
  BusinessDetailsInputSchema,
} from '../../../../domain/schemas/business-details.ts';
import { ApiError } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { type BusinessDetails, useBusinessDetails, useSaveBusinessDetails } from '../api.ts';
import { BusinessLogo } from './business-logo.tsx';

type Values = {
  [K in keyof Required<BusinessDetailsInput>]: K extends 'vat_registered' ? boolean : string;
};

const valuesOf = (details: BusinessDetails): Values => ({
  trading_name: details.trading_name,
  address: details.address,
  phone: details.phone ?? '',
  email: details.email ?? '',
  vat_registered: details.vat_registered,
  vat_number: details.vat_number ?? '',
  bank_name: details.bank_name ?? '',
  bank_account_holder: details.bank_account_holder ?? '',
  bank_account_number: details.bank_account_number ?? '',
  bank_branch_code: details.bank_branch_code ?? '',
  bank_account_type: details.bank_account_type ?? '',
  payment_terms: details.payment_terms ?? '',
});

const toInput = (values: Values): BusinessDetailsInput => ({
  ...values,
  bank_account_type: (values.bank_account_type || null) as BusinessDetailsInput['bank_account_type'],
});

function BusinessDetailsForm({ details }: { details: BusinessDetails }) {
  const save = useSaveBusinessDetails();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(details),
    validate: (values) => zodValidate(BusinessDetailsInputSchema)(toInput(values)),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(toInput(values));
      notifySuccess(BUSINESS_DETAILS_MESSAGES.saved);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : BUSINESS_DETAILS_MESSAGES.saveFailed);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Business details">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Trading name" required {...form.getInputProps('trading_name')} />
          <TextInput label="Business email" type="email" {...form.getInputProps('email')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Textarea label="Address" required autosize minRows={3} {...form.getInputProps('address')} />
          <TextInput label="Business phone" type="tel" {...form.getInputProps('phone')} />
        </SimpleGrid>
        <Checkbox
          label="Registered for VAT"
          {...form.getInputProps('vat_registered', { type: 'checkbox' })}
        />
        {form.values.vat_registered && (
          <TextInput
            label="VAT number"
            required
            description="10 digits, starting with 4"
            {...form.getInputProps('vat_number')}
          />
        )}
        <Title order={3} size="h5">
          Bank details for EFT
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Bank" {...form.getInputProps('bank_name')} />
          <TextInput label="Account holder" {...form.getInputProps('bank_account_holder')} />
          <TextInput
            label="Account number"
            inputMode="numeric"
            {...form.getInputProps('bank_account_number')}
          />
          <TextInput label="Branch code" inputMode="numeric" {...form.getInputProps('bank_branch_code')} />
          <Select
            label="Account type"
            clearable
            data={[...BANK_ACCOUNT_TYPES]}
            {...form.getInputProps('bank_account_type')}
            value={form.values.bank_account_type || null}
            onChange={(value) => form.setFieldValue('bank_account_type', value ?? '')}
          />
        </SimpleGrid>
        <Textarea
          label="Payment terms"
          autosize
          minRows={2}
          placeholder="e.g. Payment due within 7 days of the invoice date."
          {...form.getInputProps('payment_terms')}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save business details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The owner's business details on the profile: what quotes, confirmations and invoices print. */
export function BusinessDetailsSection() {
  const { data, isPending, isError } = useBusinessDetails();
  return (
    <section aria-labelledby="business-details">
      <Card withBorder padding="lg" radius="md">
        <Stack>
          <div>
            <Title order={2} size="h3" id="business-details">
              Business details
            </Title>
            <Text size="sm" c="dimmed">
              Your trading name, address, VAT and bank details appear on your quotes, confirmations and
              invoices.
            </Text>
          </div>
          {isPending && <Skeleton height={240} />}
          {isError && <Alert color="red">Failed to load your business details</Alert>}
          {data && data.updated_at === null && (
            <Alert color="blue">
              Not saved yet: these suggestions come from your account. Add your address to issue invoices.
            </Alert>
          )}
          {data && <BusinessDetailsForm key={data.updated_at ?? 'new'} details={data} />}
          {data && <BusinessLogo details={data} />}
        </Stack>
      </Card>
    </section>
  );
}
