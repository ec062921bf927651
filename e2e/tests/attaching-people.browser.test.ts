import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { registerPerson, type Person } from '../support/api';
import { DESKTOP, PHONE, dialogsShown, launchBrowser, openAs, screenshot, withPage } from '../support/browser';
import { png, privateAlbum, uploadMedia, waitPrepared } from '../support/media';
import { pickPerson } from '../support/person-picker';

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
  let dora: Person;
  const run = Date.now().toString(36);
  const title = `Grandma's garden ${run}`;
  let photoId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    ann = await registerPerson('wann', `Ann ${run}`);
    cal = await registerPerson('wcal', `Cal ${run}`);
    dora = await registerPerson('wdora', `Dora ${run}`);
    await registerPerson('weve', `Eve ${run}`);
    // Dora sees the album without Can Edit; Eve is not in it.
    const album = await privateAlbum(ann.client, `Ann's own ${run}`, [dora.id]);
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

  it('offers one who may not edit the photo only those who see its private album (docs/rights.md)', async () => {
    await withPage(browser, PHONE, async (page) => {
      await openAs(page, dora, `/media/${photoId}`);
      const detail = page.getByRole('dialog', { name: title });
      await detail.getByRole('img', { name: title }).waitFor();
      await detail.getByRole('button', { name: 'Tag users' }).click();
      const tagging = page.getByRole('dialog', { name: 'Tag Users' });
      await tagging
        .getByText('This item is in a private album: you can tag those who see it.', { exact: false })
        .waitFor();
      const field = tagging.getByRole('combobox', { name: 'Person to tag' });
      // Eve is a member of the family but does not see the album: the server would refuse her, so she is not offered.
      await field.fill(`Eve ${run}`);
      await page.getByText('No one found', { exact: true }).first().waitFor();
      await dialogsShown(page);
      await screenshot(page, 'tag-private-album-phone');
      await pickPerson(page, field, `Ann ${run}`, `Ann ${run}`);
      await tagging.getByRole('button', { name: 'Tag User' }).click();
      await page.getByText('User tagged successfully').waitFor();
      await detail.getByText(new RegExp(`Tagged: .*Ann ${run}`)).waitFor();
    });
  });
});
