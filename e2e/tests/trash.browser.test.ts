import type { Browser, Page } from 'playwright-core';
import { registerPerson, type Person } from '../support/api';
import { PHONE, dialogsShown, launchBrowser, logInInBrowser, screenshot, withPage } from '../support/browser';
import { png, uploadMedia, waitPrepared } from '../support/media';

/** The width of a common laptop screen. */
const LAPTOP = { width: 1366, height: 800 };

/** Waits until the card's picture has loaded (it is lazy), so the screenshot shows it. */
async function pictureShown(page: Page, title: string) {
  await page.waitForFunction((name) => {
    const image = document.querySelector<HTMLImageElement>(`article[aria-label="${name}"] img`);
    return image !== null && image.complete && image.naturalWidth > 0;
  }, title);
}

async function openGallery(page: Page, person: Person) {
  await logInInBrowser(page, person.username, person.password);
  await page.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor();
}

describe('the trash in a browser', () => {
  let browser: Browser;
  let rose: Person;
  const run = Date.now().toString(36);
  const kite = `Kite ${run}`;
  const boat = `Boat ${run}`;
  const shell = `Shell ${run}`;

  const upload = async (title: string, colour: [number, number, number]) => {
    const item = await uploadMedia(
      rose.client,
      { type: 'photo', title },
      { bytes: png(colour, 64), name: `${title}.png`, type: 'image/png' },
    );
    await waitPrepared(rose.client, item.id);
    return item.id as number;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    rose = await registerPerson('brose', `Rose ${run}`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('deletes a photo after asking, and Undo in the toast brings it back', async () => {
    await upload(kite, [224, 122, 95]);
    await withPage(browser, LAPTOP, async (page) => {
      await openGallery(page, rose);
      const card = page.getByRole('article', { name: kite });
      await card.getByRole('button', { name: `Open ${kite}` }).click();
      await page.getByRole('dialog', { name: kite }).getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this media item?' });
      await dialogsShown(page);
      await confirm.getByText('it can be restored from the Trash page').waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();

      const toast = page.getByRole('status').filter({ hasText: 'Moved to the trash' });
      await toast.waitFor();
      await card.waitFor({ state: 'detached' });
      await screenshot(page, 'trash-undo-toast-desktop');
      await toast.getByRole('button', { name: 'Undo' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `“${kite}” is back in the archive.` })
        .waitFor();
      await card.waitFor();
    });
  });

  it('finds a deleted photo on the Trash page from the navigation and restores it', async () => {
    await upload(boat, [61, 133, 198]);
    await withPage(browser, LAPTOP, async (page) => {
      await openGallery(page, rose);
      const card = page.getByRole('article', { name: boat });
      await card.getByRole('button', { name: `Open ${boat}` }).click();
      await page.getByRole('dialog', { name: boat }).getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Are you sure you want to delete this media item?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await card.waitFor({ state: 'detached' });

      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Trash' }).click();
      await page.waitForURL('**/trash');
      await page.getByRole('heading', { level: 1, name: 'Trash' }).waitFor();
      const trashed = page.getByRole('article', { name: boat });
      await trashed.getByText('30 days left').waitFor();
      // Its picture, from the trash's own address.
      await pictureShown(page, boat);
      await screenshot(page, 'trash-page-desktop');
      await trashed.getByRole('button', { name: 'Restore' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `“${boat}” is back in the archive.` })
        .waitFor();
      await trashed.waitFor({ state: 'detached' });
      await page.getByText('The trash is empty').waitFor();
      await screenshot(page, 'trash-empty-desktop');

      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Media Gallery' })
        .click();
      await page.getByRole('article', { name: boat }).waitFor();
    });
  });

  it('on a phone, deletes a photo forever from the Trash page after asking', async () => {
    const id = await upload(shell, [242, 204, 143]);
    expect((await rose.client.delete(`/api/media/${id}`)).status).toBe(204);
    await withPage(browser, PHONE, async (page) => {
      await openGallery(page, rose);
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Trash' }).click();
      await page.waitForURL('**/trash');
      const trashed = page.getByRole('article', { name: shell });
      await trashed.getByText('30 days left').waitFor();
      await pictureShown(page, shell);
      await screenshot(page, 'trash-page-phone');
      await trashed.getByRole('button', { name: 'Delete forever' }).click();
      const confirm = page.getByRole('dialog', { name: `Delete “${shell}” forever?` });
      await dialogsShown(page);
      await screenshot(page, 'trash-delete-forever-phone');
      await confirm.getByRole('button', { name: 'Delete forever' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `“${shell}” is gone for good.` })
        .waitFor();
      await page.getByText('The trash is empty').waitFor();
      await confirm.waitFor({ state: 'detached' });
      expect(await page.getByRole('button', { name: 'Empty trash' }).isDisabled()).toBe(true);
      await screenshot(page, 'trash-empty-phone');
    });
    expect((await rose.client.post(`/api/trash/${id}/restore`)).status).toBe(404);
  });
});
