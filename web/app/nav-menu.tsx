import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A header drop-down of links (signed-in users only); the shell loads it on first use. */
export default function NavMenu({
  label,
  links,
}: {
  label: string;
  links: Array<{ label: string; to: string }>;
}) {
  if (links.length === 0) return null;
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" rightSection={<IconChevronDown size={14} aria-hidden />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
