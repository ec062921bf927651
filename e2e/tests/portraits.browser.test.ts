import type { Browser } from 'playwright-core';
import { registerPerson, type Person } from '../support/api';
import { PHONE, expectNoSeriousAxeViolations, launchBrowser, screenshot, signIn, withPage } from '../support/browser';
import { png } from '../support/media';

/** A relative's portrait, set by another member, and who wrote a memory (docs/product.md "A person without an account"). */
describe('portraits and memory writers in a browser', () => {
  let browser: Browser;
  let anna: Person;
  let ben: Person;
  let relative: { id: number; displayName: string };
  const run = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
    [anna, ben] = await Promise.all([
      registerPerson('port-anna', `Anna ${run}`),
      registerPerson('port-ben', `Ben ${run}`),
    ]);
    relative = (await anna.client.post('/api/people', { givenName: 'Greta', surname: `Portrait ${run}` })).body;
    const memory = await anna.client.post('/api/memories', {
      personId: relative.id,
      title: 'Greta’s garden',
      content: 'Roses every summer.',
    });
    expect(memory.status).toBe(201);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('sets a portrait of a person without an account, and shows who wrote a memory (phone)', async () => {
    await withPage(browser, PHONE, async (page) => {
      await signIn(page, ben);
      await page.goto(`/profile/${relative.id}`);
      await page.getByRole('heading', { level: 1, name: relative.displayName }).waitFor();
      await page
        .locator('label', { hasText: 'Change portrait' })
        .locator('input[type=file]')
        .setInputFiles({
          name: 'greta.png',
          mimeType: 'image/png',
          buffer: png([180, 90, 60], 64),
        });
      await page.getByText('Portrait updated successfully').waitFor();
      await page.waitForFunction((alt) => {
        const image = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`);
        return image !== null && image.complete && image.naturalWidth > 0;
      }, `Portrait of ${relative.displayName}`);

      const writer = page.locator('article', { hasText: 'Greta’s garden' }).getByRole('link', { name: `Anna ${run}` });
      await writer.scrollIntoViewIfNeeded();
      await expectNoSeriousAxeViolations(page, 'a relative with a portrait');
      await screenshot(page, 'portrait-relative-phone');
      await writer.click();
      await page.getByRole('heading', { level: 1, name: `Anna ${run}` }).waitFor();
    });
  });
});
