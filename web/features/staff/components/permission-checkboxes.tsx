import { Checkbox, Stack } from '@mantine/core';
import { PERMISSION_KEYS, type Permissions } from '../../../../domain/permissions.ts';
import { PERMISSION_TEXTS } from '../../../../domain/staff.ts';

/** The five permissions (spec §6), each with what it allows. */
export function PermissionCheckboxes({
  value,
  onChange,
  label = 'Permissions',
}: {
  value: Permissions;
  onChange: (permissions: Permissions) => void;
  label?: string;
}) {
  return (
    <Checkbox.Group
      label={label}
      value={PERMISSION_KEYS.filter((key) => value[key])}
      onChange={(checked) =>
        onChange(
          Object.fromEntries(PERMISSION_KEYS.map((key) => [key, checked.includes(key)])) as Permissions,
        )
      }
    >
      <Stack gap="xs" mt="xs">
        {PERMISSION_KEYS.map((key) => (
          <Checkbox
            key={key}
            value={key}
            label={PERMISSION_TEXTS[key].label}
            description={PERMISSION_TEXTS[key].description}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
