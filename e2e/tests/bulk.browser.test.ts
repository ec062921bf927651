import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { registerPerson, type Person } from '../support/api';
import { PHONE, dialogsShown, launchBrowser, screenshot, signIn, withPage } from '../support/browser';
import { jpeg, privateAlbum, uploadMedia } from '../support/media';
import { readZip } from '../support/zip';

/** The width DESIGN's laptop checks use. */
const LAPTOP = { width: 1366, height: 900 };

describe('select many in a browser', () => {
  let browser: Browser;
  const run = Date.now().toString(36);

  /** Five photos of one person on five days, newest first in their uploaded list: P5, P4, P3, P2, P1. */
  async function personWithPhotos(prefix: string, name: string): Promise<{ person: Person; ids: Map<string, number> }> {
    const person = await registerPerson(prefix, `${name} ${run}`);
    const ids = new Map<string, number>();
    for (let n = 1; n <= 5; n++) {
      const title = `${name} P${n} ${run}`;
      const item = await uploadMedia(
        person.client,
        { type: 'photo', title, mediaDate: `1994-07-0${n}` },
        {
          bytes: await jpeg(n * 40 + (name.length % 7), { width: 160, height: 120 }),
          name: `p${n}.jpg`,
          type: 'image/jpeg',
        },
      );
      ids.set(`P${n}`, item.id);
    }
    return { person, ids };
  }

  const checkbox = (page: Page, title: string) => page.getByRole('checkbox', { name: `Select ${title}` });

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('at 1366 px: selects a range with shift-click, adds it to an album, downloads a ZIP and deletes with one confirm', async () => {
    const { person: rose, ids } = await personWithPhotos('srose', 'Rose');
    const album = `Summer ${run}`;
    const albumId = await privateAlbum(rose.client, album);
    const title = (n: number) => `Rose P${n} ${run}`;

    await withPage(browser, LAPTOP, async (page) => {
      await signIn(page, rose);
      await page.goto(`/profile/${rose.id}/uploaded`);
      await checkbox(page, title(5)).click();
      await checkbox(page, title(2)).click({ modifiers: ['Shift'] });
      const bar = page.getByRole('toolbar', { name: 'Selected items' });
      await bar.getByText('4 selected').waitFor();
      for (const n of [5, 4, 3, 2]) expect(await checkbox(page, title(n)).isChecked()).toBe(true);
      expect(await checkbox(page, title(1)).isChecked()).toBe(false);
      // Compact cards: Tag Users and Add to Album stay, as named icon buttons.
      const card = page.getByRole('article', { name: title(1) });
      await card.getByRole('button', { name: 'Tag Users', exact: true }).waitFor();
      await card.getByRole('button', { name: 'Add to Album', exact: true }).waitFor();
      await screenshot(page, 'bulk-selected-desktop');

      await bar.getByRole('button', { name: 'Add to Album' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add to Album' });
      await dialog.getByLabel('Album').selectOption({ label: album });
      await dialogsShown(page);
      await dialog.getByRole('button', { name: 'Add to Album' }).click();
      await page.getByText(`Added 4 items to ${album}`).waitFor();
      await bar.waitFor({ state: 'detached' });
      const inAlbum = await rose.client.get(`/api/media?albumId=${albumId}`);
      expect(inAlbum.body.items.map((item: { id: number }) => item.id).sort()).toEqual(
        ['P2', 'P3', 'P4', 'P5'].map((key) => ids.get(key)).sort(),
      );

      // Download: the browser saves one ZIP of the originals as it arrives.
      await checkbox(page, title(1)).click();
      await checkbox(page, title(2)).click();
      const saving = page.waitForEvent('download');
      await bar.getByRole('button', { name: 'Download' }).click();
      const download = await saving;
      expect(download.suggestedFilename()).toMatch(/^Family Archive \d{4}-\d{2}-\d{2}\.zip$/);
      const entries = await readZip(fs.readFileSync((await download.path())!));
      expect([...entries.keys()].sort()).toEqual(
        [`1994-07-01 ${title(1)} (${ids.get('P1')}).jpg`, `1994-07-02 ${title(2)} (${ids.get('P2')}).jpg`].sort(),
      );

      await bar.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete 2 items?' });
      await dialogsShown(page);
      await screenshot(page, 'bulk-delete-confirm-desktop');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Moved 2 items to the trash').waitFor();
      await page.getByRole('article', { name: title(1) }).waitFor({ state: 'detached' });
      expect((await rose.client.get(`/api/media/${ids.get('P1')}`)).status).toBe(404);
      expect((await rose.client.get(`/api/media/${ids.get('P3')}`)).status).toBe(200);
    });
  });

  it('at 390 px: shift-click, then Delete reports what it skipped and why', async () => {
    const { person: tom, ids } = await personWithPhotos('stom', 'Tom');
    const mia = await registerPerson('smia', `Mia ${run}`);
    // Mia sees Tom's photos (in no album) but may delete none of them.
    const title = (n: number) => `Tom P${n} ${run}`;

    await withPage(browser, PHONE, async (page) => {
      await signIn(page, mia);
      await page.goto(`/profile/${tom.id}/uploaded`);
      // On a phone the checkboxes show once Select is pressed.
      await page.getByRole('button', { name: 'Select', exact: true }).click();
      await checkbox(page, title(4)).click();
      await checkbox(page, title(3)).click({ modifiers: ['Shift'] });
      const bar = page.getByRole('toolbar', { name: 'Selected items' });
      await bar.getByText('2 selected').waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await screenshot(page, 'bulk-selected-phone');
      await bar.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete 2 items?' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Moved 0 items to the trash').waitFor();
      await page
        .getByText('Skipped 2 items: Only the uploader or the album creator can delete this item (2).')
        .waitFor();
      await screenshot(page, 'bulk-report-phone');
      expect((await tom.client.get(`/api/media/${ids.get('P4')}`)).status).toBe(200);
    });
  });
});
