import { Container, List, Stack, Text, Title } from '@mantine/core';
import { TERMS_LAST_UPDATED, TERMS_VERSION } from '../../domain/terms.ts';
import { usePageTitle } from '../lib/page-title.ts';

const SECTIONS: Array<{ title: string; body: string[] }> = [
  {
    title: '1. Who we are',
    body: [
      'Rentza is an online marketplace that connects people who list rentable items and spaces ("owners") with people who want to rent them ("clients"). Rentza is not a party to the rental agreement between an owner and a client.',
    ],
  },
  {
    title: '2. Your account',
    body: [
      'You must be at least 18 years old and give accurate information when you register. Keep your password private; you are responsible for activity on your account.',
      'We may suspend or deactivate an account that breaks these terms or the law.',
    ],
  },
  {
    title: '3. Listings and bookings',
    body: [
      'Owners are responsible for the accuracy of their listings, for the condition and lawful use of what they rent out, and for honouring confirmed bookings.',
      'A booking starts as pending and is binding once the owner confirms it. Prices are shown in South African rand (ZAR) and include the cleaning fee where one applies; a security deposit may be held as the listing states.',
      'Cancellations, refunds and deposits are governed by the owner’s terms shown on the listing and by the Consumer Protection Act 68 of 2008 where it applies.',
    ],
  },
  {
    title: '4. Subscriptions',
    body: [
      'Owners may subscribe to a paid plan. Plans renew monthly until cancelled; a cancelled plan stays active until the end of the paid period. Plan limits on listings, bookings and team members apply as described on the subscription page.',
    ],
  },
  {
    title: '5. Your information',
    body: [
      'We process personal information in line with the Protection of Personal Information Act 4 of 2013 (POPIA): only to run the marketplace, to process bookings and payments, and to communicate with you about them. Owners receive the details of clients who book with them for that purpose only.',
      'Photos you upload are re-encoded and their location data removed before they are published.',
    ],
  },
  {
    title: '6. Acceptable use',
    body: [
      'Do not list anything illegal, misrepresent an item, harass other users, or try to get around the platform’s security or fees.',
    ],
  },
  {
    title: '7. Liability',
    body: [
      'To the extent the law allows, Rentza is not liable for loss or damage arising from a rental between an owner and a client. Nothing in these terms limits rights you have under South African consumer law.',
    ],
  },
  {
    title: '8. Changes and contact',
    body: [
      'We may update these terms and will tell you of material changes by email. These terms are governed by the laws of the Republic of South Africa. Questions: support@rentza.co.za.',
    ],
  },
];

export default function TermsPage() {
  usePageTitle('Terms and Conditions');
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Terms and Conditions</Title>
        <Text c="dimmed">
          Last updated {TERMS_LAST_UPDATED} (version {TERMS_VERSION})
        </Text>
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
      </Stack>
    </Container>
  );
}
