import { ActionIcon, Alert, Badge, Group, Image, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Dropzone, type FileRejection } from '../../../components/file-dropzone.tsx';
import { notifyError } from '../../../lib/notify.ts';
import type { PropertyImage } from '../api.ts';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export interface PendingPhoto {
  key: string;
  file: File;
  progress: number | null;
  error?: string;
}

function PendingPreview({ photo, onRemove }: { photo: PendingPhoto; onRemove: () => void }) {
  const url = useMemo(() => URL.createObjectURL(photo.file), [photo.file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Stack gap={4}>
      <Image src={url} alt={`Preview of ${photo.file.name}`} h={96} radius="sm" fit="cover" />
      {photo.progress !== null && (
        <Progress
          value={photo.progress}
          size="sm"
          aria-label={`Uploading ${photo.file.name}`}
          animated={photo.progress < 100}
        />
      )}
      {photo.error && (
        <Text size="xs" c="red">
          {photo.error}
        </Text>
      )}
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" lineClamp={1}>
          {photo.file.name}
        </Text>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onRemove}
          aria-label={`Remove ${photo.file.name}`}
          disabled={photo.progress !== null && photo.progress < 100 && !photo.error}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}

/** Existing photos (first is the cover), newly chosen ones with previews and upload progress. */
export function PhotoPicker({
  existing,
  pending,
  onAdd,
  onRemoveExisting,
  onRemovePending,
}: {
  existing: PropertyImage[];
  pending: PendingPhoto[];
  onAdd: (files: File[]) => void;
  onRemoveExisting: (image: PropertyImage) => void;
  onRemovePending: (photo: PendingPhoto) => void;
}) {
  const reject = (rejections: FileRejection[]) => {
    for (const rejection of rejections) {
      const tooBig = rejection.errors.some((error) => error.code === 'file-too-large');
      notifyError(
        tooBig
          ? `${rejection.file.name}: images must be 10 MB or smaller`
          : `${rejection.file.name}: only JPEG, PNG or WebP images can be uploaded`,
      );
    }
  };
  const count = existing.length + pending.length;
  return (
    <Stack gap="sm">
      <Text fw={500} size="sm">
        Photos
      </Text>
      <Dropzone
        onDrop={onAdd}
        onReject={reject}
        maxSize={MAX_PHOTO_BYTES}
        accept={PHOTO_TYPES}
        multiple
        aria-label="Upload photos"
      >
        <Group justify="center" gap="md" mih={88} style={{ pointerEvents: 'none' }}>
          <IconPhotoPlus size={36} stroke={1.4} aria-hidden />
          <div>
            <Text visibleFrom="sm">Drag photos here or click to choose</Text>
            <Text hiddenFrom="sm" fw={500}>
              Choose photos
            </Text>
            <Text size="sm" c="dimmed">
              JPEG, PNG or WebP, up to 10 MB each. The first photo is the cover.
            </Text>
          </div>
        </Group>
      </Dropzone>
      {count === 0 && (
        <Alert color="yellow" variant="outline">
          No images uploaded yet. Please upload at least one image.
        </Alert>
      )}
      {count > 0 && (
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }}>
          {existing.map((image, index) => (
            <Stack key={image.id} gap={4}>
              <Image src={image.thumbnail_url} alt={`Photo ${index + 1}`} h={96} radius="sm" fit="cover" />
              <Group justify="space-between" wrap="nowrap">
                {index === 0 ? <Badge size="xs">Cover</Badge> : <span />}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => onRemoveExisting(image)}
                  aria-label={`Remove photo ${index + 1}`}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Stack>
          ))}
          {pending.map((photo) => (
            <PendingPreview key={photo.key} photo={photo} onRemove={() => onRemovePending(photo)} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
