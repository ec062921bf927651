import type { Browser } from 'playwright-core';
import { buildTakeoutZip, person } from '../../services/media/test/support/takeout-zip';
import { registerPerson, type Person } from '../support/api';
import { DESKTOP, PHONE, launchBrowser, openAs, screenshot, withPage } from '../support/browser';
import { png } from '../support/media';

/** An export of two items, one of whose files did not make it into the ZIP. */
function exportZip(run: string) {
  const exporter = person(70, 'elsewhere', 'Grandma Ruth');
  return buildTakeoutZip({
    archiveId: `browser-${run}`,
    exportedBy: exporter,
    people: [{ ...exporter, story: 'Born in a snowstorm.' }],
    albums: [{ id: 1, name: `Winter ${run}` }],
    items: [
      {
        media: { id: 1, type: 'photo', title: `Sledge ${run}`, originalName: 'sledge.png', albumId: 1 },
        data: png([30, 90, 200], 48),
      },
      { media: { id: 2, type: 'post', title: `Cocoa ${run}`, content: 'Milk, cocoa, a pinch of salt.' } },
      {
        media: {
          id: 3,
          type: 'photo',
          title: 'Lost',
          originalName: 'lost.png',
          path: 'media/2020/lost.png',
          sha256: null,
        },
      },
    ],
  });
}

describe('Bring an archive in, in a browser', () => {
  let browser: Browser;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['desktop', { ...DESKTOP, width: 1366 }],
    ['phone', PHONE],
  ])(
    'brings an export in from the profile and shows what came in and what was left out (%s)',
    async (name, viewport) => {
      const me: Person = await registerPerson('bringer', `Bringer ${name}`);
      await withPage(browser, viewport, async (page) => {
        await openAs(page, me, '/profile');
        const card = page.getByRole('region', { name: 'Bring an archive in' });
        await card.scrollIntoViewIfNeeded();

        // Not a ZIP: the sentence shows under the form, and nothing starts.
        await card.getByLabel('Export ZIP').setInputFiles({
          name: 'notes.txt',
          mimeType: 'text/plain',
          buffer: Buffer.from('not an archive'),
        });
        await card.getByRole('button', { name: 'Bring it in' }).click();
        await card.getByText('This file is not a ZIP: choose the .zip file that "Download everything" made.').waitFor();
        // The file can be changed and sent again at once.
        await page.waitForFunction(() =>
          // Enabled, and its colour's fade back from the disabled grey is over (for the screenshot).
          [...document.querySelectorAll('button')].some(
            (button) =>
              button.textContent === 'Bring it in' &&
              !button.disabled &&
              !getComputedStyle(button).backgroundColor.startsWith('rgba'),
          ),
        );
        await screenshot(page, `takeout-import-refused-${name}`);

        await card.getByLabel('Export ZIP').setInputFiles({
          name: 'family-archive.zip',
          mimeType: 'application/zip',
          buffer: await exportZip(`${run}${name}`),
        });
        await card.getByText('family-archive.zip').waitFor();
        await card.getByRole('button', { name: 'Bring it in' }).click();

        await card.getByText('The archive is in.').waitFor({ timeout: 30_000 });
        const cameIn = card.getByRole('region', { name: 'What came in' });
        await cameIn.getByText('2 items').waitFor();
        await cameIn.getByText('1 album', { exact: true }).waitFor();
        const leftOut = card.getByRole('region', { name: 'Left out' });
        await leftOut.getByText('Left out (1)').waitFor();
        await leftOut.getByText('archive.json names this file, but the ZIP does not hold it.').waitFor();
        await leftOut.getByText('media/2020/lost.png').waitFor();
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, `takeout-import-report-${name}`);

        // The story came in (it was empty), and the items are in the gallery.
        await card.getByRole('button', { name: 'Bring in another' }).click();
        await page.getByText('Born in a snowstorm.').waitFor();
        await page.goto('/');
        // Thumbnails carry no words: each card is named by its title (and, on a phone, its year).
        await page
          .getByRole('article', { name: new RegExp(`^Sledge ${run}${name}`) })
          .first()
          .waitFor();
        await page
          .getByRole('article', { name: new RegExp(`^Cocoa ${run}${name}`) })
          .first()
          .waitFor();
      });
    },
  );
});
