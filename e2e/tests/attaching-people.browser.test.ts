import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { registerPerson, type Person } from '../support/api';
import { DESKTOP, PHONE, dialogsShown, launchBrowser, openAs, screenshot, withPage } from '../support/browser';
import { png, privateAlbum, uploadMedia, waitPrepared } from '../support/media';

const NOT_FOUND = "The page you're looking for doesn't exist or you don't have permission to view it.";

/**
 * docs/rights.md "Attaching a person to an item", as the family meets it: a cousin merges a tagged relative into
 * themselves, and the photo in the album owner's private album stays hidden from them until the owner confirms
 * the tag in the Tag Users dialog.
 */
describe('a tag waiting for confirmation in a browser', () => {
  let browser: Browser;
  let ann: Person;
  let cal: Person;
  const run = Date.now().toString(36);
  const title = `Grandma's garden ${run}`;
  let photoId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    ann = await registerPerson('wann', `Ann ${run}`);
    cal = await registerPerson('wcal', `Cal ${run}`);
    const album = await privateAlbum(ann.client, `Ann's own ${run}`);
    const colour: [number, number, number] = [randomInt(256), randomInt(256), randomInt(256)];
    const photo = await uploadMedia(
      ann.client,
      { type: 'photo', title, albumId: String(album) },
      { bytes: png(colour, 64), name: 'garden.png', type: 'image/png' },
    );
    photoId = photo.id;
    await waitPrepared(ann.client, photoId);
    const gerda = await ann.client.post('/api/people', { givenName: 'Gerda', surname: run });
    expect((await ann.client.post(`/api/media/${photoId}/tags`, { userId: gerda.body.id })).status).toBe(201);
    expect((await cal.client.post(`/api/people/${gerda.body.id}/merge`, { intoId: cal.id })).status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('keeps the photo from the cousin, shows the owner the waiting tag, and shows it to the cousin once confirmed', async () => {
    await withPage(browser, PHONE, async (page) => {
      await openAs(page, cal, `/media/${photoId}`);
      await page.getByText(NOT_FOUND).waitFor();
    });

    await withPage(browser, PHONE, async (page) => {
      await openAs(page, ann, `/media/${photoId}`);
      const detail = page.getByRole('dialog', { name: title });
      await detail.getByRole('img', { name: title }).waitFor();
      // The item names only those it shows: Cal is not "Tagged" yet.
      expect(await detail.getByText(/^Tagged:/).count()).toBe(0);
      await detail.getByRole('button', { name: 'Tag users' }).click();
      const tagging = page.getByRole('dialog', { name: 'Tag Users' });
      await tagging.getByText('Waiting for someone who may edit this item to confirm').waitFor();
      await dialogsShown(page);
      await screenshot(page, 'tag-waiting-phone');
      await tagging.getByRole('button', { name: `Confirm Cal ${run}` }).click();
      await page.getByText('Tag confirmed').waitFor();
      await tagging.getByText('Waiting for someone who may edit this item to confirm').waitFor({ state: 'detached' });
      await tagging.getByRole('button', { name: 'Close' }).click();
      await detail.getByText(`Tagged: Cal ${run}`).waitFor();
    });

    await withPage(browser, DESKTOP, async (page) => {
      await openAs(page, cal, `/media/${photoId}`);
      await page.getByRole('dialog', { name: title }).getByRole('img', { name: title }).waitFor();
      await dialogsShown(page);
      await screenshot(page, 'tag-confirmed-cousin-desktop');
    });
  });
});
