import type { APIRequestContext, Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../domain/dates.ts';
import {
  baseUrl,
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  openMailLink,
  signIn,
} from './support/browser.ts';

interface Listing {
  id: string;
  title: string;
  owner_id: string;
}

/** A listing of the signed-in owner whose night starting today is free (the editor's default dates). */
async function listingFreeToday(request: APIRequestContext, avoid: string[]): Promise<Listing> {
  const me = (await (await request.get('/api/me')).json()) as { id: string };
  for (let page = 1; page <= 10; page++) {
    const found = (await (await request.get(`/api/properties?pageSize=48&page=${page}`)).json()) as {
      items: Listing[];
    };
    for (const listing of found.items) {
      if (listing.owner_id !== me.id || avoid.includes(listing.id)) continue;
      const availability = (await (
        await request.get(`/api/properties/${listing.id}/availability`)
      ).json()) as {
        from: string;
        dates: string[];
      };
      if (availability.dates.includes(availability.from)) return listing;
    }
    if (found.items.length < 48) break;
  }
  throw new Error('no listing of the owner is free today');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.runIf(browserAvailable)(
  'journey: bookings owners make for a person show in their My Reservations once they register',
  () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => browser?.close());

    it('an owner books with the new-client form; the person registers with that email, follows "View my reservations" and sees every owner’s booking', async () => {
      const owner = await newPage(browser);
      const secondOwner = await newPage(browser);
      const person = await newPage(browser);
      const email = `palesa.moloi.${Date.now()}@example.co.za`;

      // The reservations journey books the cheapest Durban stay from today: leave it to that one.
      const durban = (await (
        await owner.page.request.get('/api/properties?type=accommodation&city=Durban&sortBy=price')
      ).json()) as { items: Listing[] };
      await signIn(owner.page, 'thandi@rentza.test', 'Owner#2026');
      const listing = await listingFreeToday(
        owner.page.request,
        durban.items.slice(0, 1).map((item) => item.id),
      );

      await owner.page.goto('/reservation-management');
      await owner.page.getByRole('button', { name: 'Create New Reservation' }).click();
      const create = owner.page.getByRole('dialog', { name: 'Create Reservation' });
      await create.getByRole('combobox', { name: 'Property' }).fill(listing.title.slice(0, 12));
      await owner.page.getByRole('option', { name: listing.title }).click();
      await create.getByRole('combobox', { name: 'Client' }).click();
      await owner.page.getByRole('option', { name: '+ New client' }).click();
      await create.getByRole('textbox', { name: 'Client first name' }).fill('Palesa');
      await create.getByRole('textbox', { name: 'Client last name' }).fill('Moloi');
      // As people type it: the letter case of the address does not matter.
      await create.getByRole('textbox', { name: 'Client email' }).fill(email.replace('palesa', 'Palesa'));
      const submit = create.getByRole('button', { name: 'Create Reservation' });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await submit.click();
      await expect
        .poll(() => owner.page.getByText('Reservation created successfully').isVisible())
        .toBe(true);

      // A second owner books for the same person too (through the API their editor uses).
      await signIn(secondOwner.page, 'pieter@rentza.test', 'Owner#2026');
      const secondListing = await listingFreeToday(secondOwner.page.request, []);
      const { from } = (await (
        await secondOwner.page.request.get(`/api/properties/${secondListing.id}/availability`)
      ).json()) as { from: string };
      const booked = await secondOwner.page.request.post('/api/reservations', {
        headers: { origin: baseUrl },
        data: {
          property_id: secondListing.id,
          start_date: from,
          end_date: addDays(from, 1),
          new_client: { first_name: 'Palesa', last_name: 'Moloi', email },
        },
      });
      expect(booked.status(), await booked.text()).toBe(201);

      // The person registers with that email, verifies it from the dev mailbox and logs in.
      await person.page.goto('/register');
      await person.page.getByLabel('First name').fill('Palesa');
      await person.page.getByLabel('Last name').fill('Moloi');
      await person.page.getByRole('textbox', { name: 'Email' }).fill(email);
      await person.page.getByRole('textbox', { name: 'Password', exact: true }).fill('Palesa#2026');
      await person.page.getByLabel('Confirm password').fill('Palesa#2026');
      await person.page.getByLabel(/I accept the/).check();
      await person.page.getByRole('button', { name: 'Create Account' }).click();
      await person.page.waitForURL(/\/verify-email\?email=/);
      await openMailLink(person.page, email, /Verify your email/);
      await person.page.waitForURL(/\/login\?verified=1/);
      await person.page.getByRole('textbox', { name: 'Email' }).fill(email);
      await person.page.getByRole('textbox', { name: 'Password', exact: true }).fill('Palesa#2026');
      await person.page.getByRole('button', { name: 'Login' }).click();
      await person.page.waitForURL((url) => !url.pathname.startsWith('/login'));

      // The booking email says "View my reservations": following it shows both bookings.
      await openMailLink(
        person.page,
        email,
        new RegExp(`Your booking request for ${escapeRegExp(listing.title)}`),
      );
      await person.page.waitForURL(/\/my-reservations$/);
      for (const title of [listing.title, secondListing.title]) {
        const card = person.page.getByRole('article', { name: title });
        await expect.poll(() => card.getByText('Pending Approval').isVisible()).toBe(true);
      }
      expect(await person.page.getByText('No Reservations Found').count()).toBe(0);
      await expectAccessible(person.page, 'my reservations (linked by email)');

      await Promise.all([owner.context.close(), secondOwner.context.close(), person.context.close()]);
    });
  },
);
