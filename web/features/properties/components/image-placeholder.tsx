import { Center } from '@mantine/core';
import {
  IconBuildingWarehouse,
  IconCamera,
  IconCar,
  IconConfetti,
  IconHome,
  IconTool,
} from '@tabler/icons-react';
import type { PropertyType } from '../../../../domain/property.ts';

const ICONS = {
  accommodation: IconHome,
  vehicle: IconCar,
  equipment: IconTool,
  electronics: IconCamera,
  event_space: IconConfetti,
  storage_space: IconBuildingWarehouse,
} as const;

/** `size` draws a square thumbnail of that many pixels; without it the placeholder fills its box. */
export function ImagePlaceholder({ type, size }: { type: PropertyType; size?: number }) {
  const Icon = ICONS[type];
  return (
    <Center
      bg="var(--mantine-color-default-hover)"
      role="img"
      aria-label="No photo yet"
      w={size}
      h={size}
      style={size ? { borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 } : undefined}
    >
      <Icon size={size ? size / 2 : 48} stroke={1.2} color="var(--mantine-color-dimmed)" aria-hidden />
    </Center>
  );
}
