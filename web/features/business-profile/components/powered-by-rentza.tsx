import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/** "Powered by Rentza" on a Starter or Pro business's public pages (docs/decisions/038). */
export function PoweredByRentza() {
  return (
    <Text size="xs" c="dimmed" ta="center">
      Powered by{' '}
      <Anchor component={Link} to="/" size="xs">
        Rentza
      </Anchor>
    </Text>
  );
}
