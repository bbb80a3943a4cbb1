import { Box, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarCheck, IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';

const HIGHLIGHTS = [
  {
    icon: IconSearch,
    title: 'Find it',
    text: 'Homes, cars, tools, cameras, venues and storage across South Africa.',
  },
  {
    icon: IconCalendarCheck,
    title: 'Book it',
    text: 'Pick your dates and book in minutes, with prices in rand.',
  },
  {
    icon: IconShieldCheck,
    title: 'Run it',
    text: 'Owners manage listings, bookings, invoices and staff in one place.',
  },
];

export default function HomePage() {
  return (
    <>
      <Box
        py={{ base: 56, sm: 96 }}
        style={{
          background:
            'linear-gradient(135deg, var(--mantine-color-cyan-9) 0%, var(--mantine-color-teal-8) 100%)',
        }}
      >
        <Container size="lg">
          <Stack gap="lg" maw={720}>
            <Title order={1} c="white" fz={{ base: 36, sm: 56 }} lh={1.1}>
              Anything. Anywhere. Anytime.
            </Title>
            <Text c="white" fz={{ base: 'md', sm: 'xl' }}>
              Rent what you need from local owners, or earn from what you own.
            </Text>
            <Group>
              <Button component={Link} to="/property-management" size="lg" color="white" c="cyan.9">
                List Your Property
              </Button>
              <Button component={Link} to="/properties" size="lg" variant="outline" color="white">
                Search for Rentals
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <Stack key={title} gap="xs">
              <ThemeIcon size={44} radius="md" variant="light">
                <Icon size={24} aria-hidden />
              </ThemeIcon>
              <Title order={2} size="h4">
                {title}
              </Title>
              <Text c="dimmed">{text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
