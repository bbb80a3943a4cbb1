import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { BUSINESS_DETAILS_MESSAGES } from '../../../../domain/schemas/business-details.ts';
import { Dropzone } from '../../../components/file-dropzone.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type BusinessDetails, useLogo } from '../api.ts';

const MAX_BYTES = 10 * 1024 * 1024;
const failed = (error: unknown) =>
  notifyError(error instanceof ApiError ? error.message : 'Failed to upload image');

/** The logo printed at the top of documents: upload (re-encoded on the server), replace or remove. */
export function BusinessLogo({ details }: { details: BusinessDetails }) {
  const { upload, remove } = useLogo();
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Logo
      </Text>
      {details.updated_at === null ? (
        <Text size="sm" c="dimmed">
          Save your business details first, then add a logo.
        </Text>
      ) : (
        <Group align="flex-start">
          {details.logo_url && (
            <Image
              src={details.logo_url}
              alt={`${details.trading_name} logo`}
              h={64}
              w="auto"
              fit="contain"
            />
          )}
          <Dropzone
            accept={['image/jpeg', 'image/png', 'image/webp']}
            maxSize={MAX_BYTES}
            multiple={false}
            aria-label="Upload a logo"
            onDrop={([file]) =>
              file &&
              upload.mutate(file, {
                onSuccess: () => notifySuccess(BUSINESS_DETAILS_MESSAGES.logoSaved),
                onError: failed,
              })
            }
            onReject={() => notifyError('Only JPEG, PNG or WebP images of at most 10 MB can be uploaded')}
          >
            <Group gap="xs">
              <IconPhotoUp size={20} aria-hidden />
              <Text size="sm">
                {upload.isPending ? 'Uploading…' : 'Drop a logo here or click to choose one'}
              </Text>
            </Group>
          </Dropzone>
          {details.logo_url && (
            <Button
              variant="default"
              size="xs"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => notifySuccess(BUSINESS_DETAILS_MESSAGES.logoRemoved),
                  onError: failed,
                })
              }
            >
              Remove logo
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
