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

export function ImagePlaceholder({ type }: { type: PropertyType }) {
  const Icon = ICONS[type];
  return (
    <Center bg="var(--mantine-color-default-hover)" role="img" aria-label="No photo yet">
      <Icon size={48} stroke={1.2} color="var(--mantine-color-dimmed)" aria-hidden />
    </Center>
  );
}
