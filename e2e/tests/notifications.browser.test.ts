import type { Browser, Page } from 'playwright-core';
import { registerPerson, type Person } from '../support/api';
import {
  LAPTOP,
  PHONE,
  expectNoSeriousAxeViolations,
  launchBrowser,
  screenshot,
  signIn,
  withPage,
} from '../support/browser';
import { doubleTextSize, expectNothingSideways, expectTouchTargets } from '../support/accessibility';
import { png, privateAlbum, uploadMedia, waitPrepared } from '../support/media';

/** docs/product.md "Notifications": the bell counts what concerns me; opening an entry goes to it and marks it read. */
describe('the notifications bell in a browser', () => {
  let browser: Browser;
  let anna: Person;
  let ben: Person;
  const run = Date.now().toString(36);
  const picnic = `Picnic ${run}`;
  const summer = `Summer ${run}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    [anna, ben] = await Promise.all([
      registerPerson('bell-anna', `Anna ${run}`),
      registerPerson('bell-ben', `Ben ${run}`),
    ]);
    const album = await privateAlbum(anna.client, `Private ${run}`);
    const photo = await uploadMedia(
      anna.client,
      { type: 'photo', title: picnic, albumId: String(album) },
      { bytes: png([90, 160, 200], 64), name: 'picnic.png', type: 'image/png' },
    );
    await waitPrepared(anna.client, photo.id);
    expect((await anna.client.post(`/api/media/${photo.id}/tags`, { userId: ben.id })).status).toBe(201);
    await privateAlbum(anna.client, summer, [ben.id]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const openList = async (page: Page, unread: number) => {
    await page.getByRole('button', { name: `Notifications, ${unread} unread` }).click();
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await list.getByRole('link', { name: new RegExp(`Anna ${run} added you to the album “${summer}”`) }).waitFor();
    return list;
  };

  it('shows the count, the sentences, opens the item and the badge drops (phone, text at 200%)', async () => {
    await withPage(browser, PHONE, async (page) => {
      await doubleTextSize(page);
      await signIn(page, ben);
      const list = await openList(page, 2);
      await expectNoSeriousAxeViolations(page, 'notifications list, phone');
      await expectNothingSideways(page, 'notifications list, phone, large text');
      await expectTouchTargets(page, 'notifications list, phone, large text');
      await screenshot(page, 'notifications-phone-large-text');
      await list.getByRole('link', { name: new RegExp(`Anna ${run} tagged you in “${picnic}”`) }).click();
      await page.getByRole('dialog', { name: picnic }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    });
  });

  it('opens an album from its entry (1366 px)', async () => {
    await withPage(browser, LAPTOP, async (page) => {
      await signIn(page, ben);
      const list = await openList(page, 1);
      await expectNoSeriousAxeViolations(page, 'notifications list, desktop');
      await screenshot(page, 'notifications-desktop');
      await list.getByRole('link', { name: new RegExp(`added you to the album “${summer}”`) }).click();
      await page.getByRole('dialog', { name: summer }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    });
  });
});
