import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatBusinessDate } from '../../../../domain/dates.ts';
import {
  type PaymentAccountInput,
  PaymentAccountInputSchema,
} from '../../../../domain/schemas/online-payments.ts';
import { refusalOr } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { type PaymentAccountView, usePaymentAccount, useSavePaymentAccount } from '../payment-account-api.ts';

export const ONLINE_PAYMENTS_MESSAGES = {
  notSetUp: 'Not set up: clients pay by EFT from your documents.',
  eftOnly: 'EFT only: clients pay by EFT from your documents.',
  verified: 'PayFast details verified and saved. Clients can now pay you online.',
  eftSaved: 'Saved: clients pay by EFT from your documents.',
  saveFailed: 'Failed to save how clients pay you',
  loadFailed: 'Failed to load your online payments setting',
} as const;

/** PayFast's public sandbox merchant (PAYFAST.md): the simulator always knows it. */
const SANDBOX_MERCHANT = { id: '10000100', key: '46f0cd694581a', passphrase: 'jt7NOE43FZPn' };
const SIMULATOR_MERCHANTS_URL = '/payfast-simulator/merchants';

type Method = PaymentAccountInput['method'];
interface Values {
  method: Method;
  merchantId: string;
  merchantKey: string;
  passphrase: string;
}

const toInput = (values: Values): PaymentAccountInput =>
  values.method === 'eft_only'
    ? { method: 'eft_only' }
    : {
        method: 'payfast',
        merchantId: values.merchantId,
        merchantKey: values.merchantKey,
        passphrase: values.passphrase,
      };

function currentState(account: PaymentAccountView): string {
  if (account.method === 'eft_only') return ONLINE_PAYMENTS_MESSAGES.eftOnly;
  if (account.method === 'payfast' && account.verifiedAt)
    return `PayFast: verified on ${formatBusinessDate(account.verifiedAt)} · merchant ${account.merchantId ?? ''}`;
  return ONLINE_PAYMENTS_MESSAGES.notSetUp;
}

function ModeNotice({ mode }: { mode: PaymentAccountView['mode'] }) {
  if (mode === 'live') return null;
  if (mode === 'sandbox')
    return (
      <Alert color="yellow" title="PayFast sandbox: no real money moves">
        Payments go to PayFast’s sandbox. Enter a sandbox merchant’s details (from sandbox.payfast.co.za).
      </Alert>
    );
  return (
    <Alert color="yellow" title="Simulator: no real money moves">
      <Stack gap={4}>
        <Text size="sm">
          Rentza runs with its PayFast simulator, which stands in for PayFast. PayFast’s public sandbox
          merchant works here: merchant ID {SANDBOX_MERCHANT.id}, key {SANDBOX_MERCHANT.key}, passphrase{' '}
          {SANDBOX_MERCHANT.passphrase}.
        </Text>
        <Anchor
          href={SIMULATOR_MERCHANTS_URL}
          target="_blank"
          rel="noopener"
          size="sm"
          c="inherit"
          underline="always"
        >
          Register a simulated merchant of your own (opens the simulator’s merchants page)
        </Anchor>
      </Stack>
    </Alert>
  );
}

function OnlinePaymentsForm({ account }: { account: PaymentAccountView }) {
  const save = useSavePaymentAccount();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      method: account.method ?? 'payfast',
      merchantId: account.merchantId ?? '',
      merchantKey: '',
      passphrase: '',
    },
    validate: (values) => zodValidate(PaymentAccountInputSchema)(toInput(values)),
  });
  const payfast = form.values.method === 'payfast';
  const stored = account.method === 'payfast' && account.verifiedAt !== null;
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(toInput(values));
      form.setValues({ merchantKey: '', passphrase: '' });
      form.resetDirty();
      notifySuccess(
        values.method === 'payfast' ? ONLINE_PAYMENTS_MESSAGES.verified : ONLINE_PAYMENTS_MESSAGES.eftSaved,
      );
    } catch (error) {
      notifyError(refusalOr(error, ONLINE_PAYMENTS_MESSAGES.saveFailed));
    }
  });
  const secretHint = stored
    ? 'Stored securely and never shown: enter it again to change your details.'
    : undefined;
  return (
    <form onSubmit={submit} noValidate aria-label="Online payments">
      <Stack>
        <div>
          <Text size="sm" fw={500} id="how-clients-pay-you">
            How clients pay you
          </Text>
          <SegmentedControl
            aria-labelledby="how-clients-pay-you"
            data={[
              { value: 'payfast', label: 'PayFast' },
              { value: 'eft_only', label: 'EFT only' },
            ]}
            value={form.values.method}
            onChange={(value) => form.setFieldValue('method', value as Values['method'])}
          />
        </div>
        {payfast ? (
          <>
            <Text size="sm" c="dimmed">
              Your own PayFast merchant: clients’ payments go straight to your PayFast account. Find these in
              PayFast under Settings → Developer settings. We check them with PayFast before saving.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Merchant ID"
                required
                inputMode="numeric"
                autoComplete="off"
                {...form.getInputProps('merchantId')}
              />
              <TextInput
                label="Merchant key"
                required
                autoComplete="off"
                description={secretHint}
                {...form.getInputProps('merchantKey')}
              />
              <PasswordInput
                label="Passphrase"
                required
                autoComplete="new-password"
                description={secretHint}
                {...form.getInputProps('passphrase')}
              />
            </SimpleGrid>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Clients pay by EFT into the bank account on your documents, and you record each payment.
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {payfast ? 'Save & verify' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The owner's own PayFast merchant, or EFT only, in Business details (docs/decisions/058). */
export function OnlinePaymentsSection() {
  const { data, isPending, isError } = usePaymentAccount();
  return (
    <section aria-labelledby="online-payments">
      <Card withBorder padding="lg" radius="md">
        <Stack>
          <div>
            <Title order={2} size="h3" id="online-payments">
              Online payments
            </Title>
            <Text size="sm" c="dimmed">
              Let clients pay deposits and balances online, into your own PayFast account.
            </Text>
          </div>
          {isPending && <Skeleton height={160} />}
          {isError && <Alert color="red">{ONLINE_PAYMENTS_MESSAGES.loadFailed}</Alert>}
          {data && (
            <>
              <Text fw={600} role="status">
                {currentState(data)}
              </Text>
              <ModeNotice mode={data.mode} />
              <OnlinePaymentsForm key={`${data.method}-${data.verifiedAt}`} account={data} />
            </>
          )}
        </Stack>
      </Card>
    </section>
  );
}
