import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { monthLabel } from '../../domain/commission.ts';
import { addMonths, formatDisplayDate, type IsoDate } from '../../domain/dates.ts';

/**
 * Clicks a day on an open one-month date picker as a person does: reads the month its header shows,
 * turns to the date's month (forward or back) and clicks the day among that month's own days.
 *
 * A month shows the next month's first days greyed (`data-outside`). Deciding whether to turn by
 * whether the day's button looked visible depended on timing: the picker's code loads on demand,
 * and on 28 November one CI run clicked 1 December among November's greyed days and the schedule
 * dialog's picker stayed open (photography.e2e.ts). `scope` is the page, or the dialog that holds an
 * inline picker.
 */
export async function clickPickerDay(scope: Page | Locator, date: IsoDate): Promise<void> {
  const header = scope.locator('[class*="calendarHeaderLevel"]').first();
  await header.waitFor();
  const target = monthLabel(date);
  // The months around the date by their header text, each with how far it is from the date's month.
  const distance = new Map(
    Array.from({ length: 49 }, (_, index) => [monthLabel(addMonths(date, index - 24)), index - 24]),
  );
  for (let turns = 0; turns < 24; turns++) {
    const shown = await header.innerText();
    if (shown === target) break;
    const away = distance.get(shown);
    if (away === undefined) throw new Error(`The picker shows "${shown}", more than two years from ${date}`);
    await scope
      .getByRole('button', { name: away < 0 ? 'Next month' : 'Previous month' })
      .first()
      .click();
    await expect.poll(() => header.innerText()).not.toBe(shown);
  }
  expect(await header.innerText(), `the picker's month for ${date}`).toBe(target);
  const ownDay = scope
    .getByRole('button', { name: formatDisplayDate(date), exact: true })
    .and(scope.locator('button:not([data-outside])'));
  await ownDay.click();
}
