import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { formatRand } from '../../../../domain/money.ts';
import {
  BUSINESS_PROFILE_MESSAGES,
  BusinessProfileInputSchema,
} from '../../../../domain/schemas/business-profile.ts';
import { ADD_ONS } from '../../../../domain/subscriptions.ts';
import { refusalOr } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import {
  type BusinessProfile,
  useBusinessProfile,
  useCover,
  useProfileLogo,
  useSaveBusinessProfile,
} from '../api.ts';
import { ImageUpload } from './image-upload.tsx';

const ADD_ON = ADD_ONS.branded_profile;

function ProfileForm({ profile }: { profile: BusinessProfile }) {
  const save = useSaveBusinessProfile();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      slug: profile.slug,
      description: profile.description,
      show_email: profile.show_email,
      show_phone: profile.show_phone,
      published: profile.published,
    },
    validate: zodValidate(BusinessProfileInputSchema),
    validateInputOnChange: ['slug'],
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(BusinessProfileInputSchema.parse(values));
      form.setValues({ slug: saved.slug });
      form.resetDirty();
      notifySuccess(BUSINESS_PROFILE_MESSAGES.saved);
    } catch (error) {
      const message = refusalOr(error, BUSINESS_PROFILE_MESSAGES.saveFailed);
      if (/address/i.test(message)) form.setFieldError('slug', message);
      notifyError(message);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Page address"
          description="Lowercase letters, digits and hyphens, 3 to 40 characters"
          leftSection={
            <Text size="sm" c="dimmed" aria-hidden>
              /b/
            </Text>
          }
          leftSectionWidth={36}
          required
          autoComplete="off"
          {...form.getInputProps('slug')}
          onChange={(event) => form.setFieldValue('slug', event.currentTarget.value.toLowerCase())}
        />
        <Textarea
          label="Description"
          description="What your business offers, shown under your name"
          autosize
          minRows={3}
          maxRows={10}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Switch
            label="Show my business email"
            {...form.getInputProps('show_email', { type: 'checkbox' })}
          />
          <Switch
            label="Show my business phone"
            {...form.getInputProps('show_phone', { type: 'checkbox' })}
          />
        </SimpleGrid>
        <Switch
          label="Publish my page"
          description="When published, anyone can open your page and see your bookable listings"
          {...form.getInputProps('published', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save public profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Images({ profile, canChangeLogo }: { profile: BusinessProfile; canChangeLogo: boolean }) {
  const cover = useCover();
  const logo = useProfileLogo();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {canChangeLogo ? (
        <ImageUpload
          label="Logo"
          hint="Also printed on your quotes, confirmations and invoices, and shown in your emails to clients"
          imageUrl={profile.logo_url}
          imageAlt={`${profile.business_name} logo`}
          previewHeight={64}
          upload={(file, onProgress) => logo.mutateAsync({ file, onProgress })}
          savedMessage="Logo saved"
        />
      ) : (
        <Text size="sm" c="dimmed">
          The business owner manages the logo in Business details.
        </Text>
      )}
      {profile.updated_at === null ? (
        <Text size="sm" c="dimmed">
          Save your public profile first, then add a cover image.
        </Text>
      ) : (
        <ImageUpload
          label="Cover image"
          hint="A wide photo across the top of your page"
          imageUrl={profile.cover_url}
          imageAlt={`${profile.business_name} cover`}
          previewHeight={96}
          upload={(file, onProgress) => cover.upload.mutateAsync({ file, onProgress })}
          remove={{ run: () => cover.remove.mutateAsync(), pending: cover.remove.isPending }}
          savedMessage={BUSINESS_PROFILE_MESSAGES.coverSaved}
          removedMessage={BUSINESS_PROFILE_MESSAGES.coverRemoved}
        />
      )}
    </SimpleGrid>
  );
}

/**
 * The public page editor (issue 20 item 4): address, description, contacts shown, logo and cover,
 * publish. Without the Branded profile add-on the page cannot be published and the add-on is offered.
 */
export function PublicProfileSection({ canChangeLogo }: { canChangeLogo: boolean }) {
  const { data, isPending, isError } = useBusinessProfile();
  return (
    <section aria-labelledby="public-profile">
      <Card withBorder padding="lg" radius="md">
        <Stack>
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2} size="h3" id="public-profile">
                Public profile
              </Title>
              <Text size="sm" c="dimmed">
                Your own page on Rentza with your logo, cover image, description, contacts and listings.
              </Text>
            </div>
            {data?.live && <Badge variant="light">Live</Badge>}
          </Group>
          {isPending && <Skeleton height={200} />}
          {isError && <Alert color="red">Failed to load your public profile</Alert>}
          {data && !data.add_on && (
            <Alert color="blue" title={`${ADD_ON.name} add-on`}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  Your public page needs the {ADD_ON.name} add-on ({formatRand(ADD_ON.priceCents)} a month).
                  Without it the page is not shown to anyone.
                </Text>
                <Button component={Link} to="/subscription" size="xs" variant="light">
                  Add {ADD_ON.name}
                </Button>
              </Stack>
            </Alert>
          )}
          {data && !data.details_saved && (
            <Alert color="yellow">
              Save your business details above first: your page shows their name and contacts.
            </Alert>
          )}
          {data?.live && (
            <Text size="sm">
              Your page:{' '}
              <Anchor component={Link} to={`/b/${data.slug}`}>
                /b/{data.slug}
              </Anchor>
            </Text>
          )}
          {data?.add_on && data.details_saved && (
            <>
              <ProfileForm key={data.updated_at ?? 'new'} profile={data} />
              <Images profile={data} canChangeLogo={canChangeLogo} />
            </>
          )}
        </Stack>
      </Card>
    </section>
  );
}
