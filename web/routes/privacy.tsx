import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';

const PRIVACY_LAST_UPDATED = '26 November 2026';

const SECTIONS: Array<{ title: string; body: string[] }> = [
  {
    title: '1. Who we are',
    body: [
      'Rentza is an online marketplace for renting accommodation, vehicles, equipment, electronics, event spaces and storage in South Africa. For the personal information of our users we are the responsible party under the Protection of Personal Information Act 4 of 2013 (POPIA). A business that takes bookings on Rentza is the responsible party for the records it keeps about its own customers.',
    ],
  },
  {
    title: '2. What we collect',
    body: [
      'Your account: name, email address, phone number, role, settings, when you accepted our terms, and the devices and network addresses you sign in from.',
      'Your bookings: what you booked, the dates, guests and requests, the billing lines, payments and deposits, and the quotes, tax invoices, credit notes and confirmations issued for them.',
      'Your messages: in-app notifications, support requests and replies, and the emails we send you.',
      'For owners: business details (trading name, address, VAT and bank details), listings and photos, staff, and the subscription and its payments. Photos are re-encoded and their location data removed.',
    ],
  },
  {
    title: '3. Why we use it',
    body: [
      'To run the marketplace: to show listings, take and manage bookings, issue documents, collect subscription payments, send the emails you need, answer support requests and keep the service secure. An owner receives the details of a client who books with them, for that booking only. We do not sell personal information.',
    ],
  },
  {
    title: '4. How long we keep it',
    body: [
      'We keep your account while you use it. When you delete it we erase or anonymise your personal information at once, except where the law requires us to keep it.',
      'Tax invoices, credit notes and other documents already issued are kept unchanged, with the names printed on them, for five years as South African tax law requires (Tax Administration Act 28 of 2011 and the VAT Act). Businesses keep their booking records with your name removed.',
    ],
  },
  {
    title: '5. Your rights',
    body: [
      'You may ask what personal information we hold about you, have it corrected, object to its use, and have it deleted. You may also complain to the Information Regulator (South Africa) at inforeg.org.za.',
    ],
  },
  {
    title: '6. Download or delete your data',
    body: [
      'Signed in, open My Profile and go to Your data. Download my data gives you a ZIP file with your profile, bookings, documents and messages as JSON files. Delete my account asks for your password and erases your account; an owner must first cancel a paid subscription on Subscription Management, and nobody can delete an account while they have upcoming bookings.',
    ],
  },
  {
    title: '7. Contact',
    body: [
      'Questions about your personal information, or a request you cannot make in the app: support@rentza.co.za. We answer within 30 days.',
    ],
  },
];

export default function PrivacyPage() {
  usePageTitle('Privacy notice');
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Privacy notice</Title>
        <Text c="dimmed">Last updated {PRIVACY_LAST_UPDATED}</Text>
        {SECTIONS.map((section) => (
          <section key={section.title}>
            <Title order={2} size="h3" mb="xs">
              {section.title}
            </Title>
            <List spacing="xs" listStyleType="none" withPadding={false}>
              {section.body.map((paragraph) => (
                <List.Item key={paragraph}>
                  <Text>{paragraph}</Text>
                </List.Item>
              ))}
            </List>
          </section>
        ))}
        <Text>
          See also our{' '}
          <Anchor component={Link} to="/terms">
            terms and conditions
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
