import type { Locator, Page } from 'playwright-core';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Picks someone in a person picker as a person does: types into the field, waits for them among the options (the
 * list opens below the field, outside the dialog) and clicks them. `name` is their display name; an option's
 * name begins with it and goes on with their years and whether they are a member.
 */
export async function pickPerson(page: Page, field: Locator, typed: string, name: string): Promise<void> {
  await field.fill(typed);
  await page.getByRole('option', { name: new RegExp(`^${escaped(name)}(,|$)`) }).click();
}
