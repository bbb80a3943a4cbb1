import { Button, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { Dropzone } from '../../../components/file-dropzone.tsx';
import { refusalOr } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';

const MAX_BYTES = 10 * 1024 * 1024;

/**
 * One image of the public page (logo or cover): a drop area, the upload's progress, a preview and a
 * remove button. The server re-encodes it like a listing photo.
 */
export function ImageUpload({
  label,
  hint,
  imageUrl,
  imageAlt,
  previewHeight,
  upload,
  remove,
  savedMessage,
  removedMessage,
}: {
  label: string;
  hint: string;
  imageUrl: string | null;
  imageAlt: string;
  previewHeight: number;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
  remove?: { run: () => Promise<unknown>; pending: boolean };
  savedMessage: string;
  removedMessage?: string;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const start = (file: File) => {
    setProgress(0);
    upload(file, setProgress).then(
      () => {
        setProgress(null);
        notifySuccess(savedMessage);
      },
      (error: unknown) => {
        setProgress(null);
        notifyError(refusalOr(error, 'Failed to upload image'));
      },
    );
  };
  return (
    <Stack gap="xs">
      <div>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </div>
      {imageUrl && (
        <Image src={imageUrl} alt={imageAlt} h={previewHeight} w="auto" fit="contain" radius="sm" />
      )}
      <Dropzone
        accept={['image/jpeg', 'image/png', 'image/webp']}
        maxSize={MAX_BYTES}
        multiple={false}
        aria-label={`Upload ${label.toLowerCase()}`}
        onDrop={([file]) => file && start(file)}
        onReject={() => notifyError('Only JPEG, PNG or WebP images of at most 10 MB can be uploaded')}
      >
        <Group gap="xs">
          <IconPhotoUp size={20} aria-hidden />
          <Text size="sm">
            {progress === null ? `Drop an image here or click to choose one` : `Uploading… ${progress}%`}
          </Text>
        </Group>
      </Dropzone>
      {progress !== null && (
        <Progress
          value={progress}
          animated={progress < 100}
          aria-label={`${label} upload progress`}
          size="sm"
        />
      )}
      {imageUrl && remove && removedMessage && (
        <Group>
          <Button
            variant="default"
            size="xs"
            loading={remove.pending}
            onClick={() =>
              remove.run().then(
                () => notifySuccess(removedMessage),
                (error: unknown) => notifyError(refusalOr(error, 'Failed to remove image')),
              )
            }
          >
            Remove {label.toLowerCase()}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
