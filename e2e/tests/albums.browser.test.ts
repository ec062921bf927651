import type { Browser } from 'playwright-core';
import { registerPerson, type Person } from '../support/api';
import { DESKTOP, PHONE, dialogsShown, launchBrowser, screenshot, signIn, withPage } from '../support/browser';
import { pngFile, uploadMedia } from '../support/media';
import { pickPerson } from '../support/person-picker';

describe('albums in a browser', () => {
  let browser: Browser;
  let rose: Person;
  let tom: Person;
  const run = Date.now().toString(36);
  const albumName = `Summer ${run}`;
  const photoTitle = `Lake ${run}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    rose = await registerPerson('arose', `Rose ${run}`);
    tom = await registerPerson('atom', `Tom ${run}`);
    await uploadMedia(rose.client, { type: 'photo', title: photoTitle }, pngFile([40, 120, 200], 48));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates an album, adds a member and a photo, views it, removes it and deletes the album', async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await signIn(page, rose);
      await page.goto('/albums');
      await page.getByRole('heading', { level: 1, name: 'Albums' }).waitFor();

      await page.getByRole('button', { name: 'Create Album' }).first().click();
      const create = page.getByRole('dialog', { name: 'Create Album' });
      await create.getByRole('button', { name: 'Create Album' }).click();
      await create.getByText('Album name is required').waitFor();
      await create.getByLabel('Name').fill(albumName);
      await create.getByLabel('Description').fill('Days at the lake');
      await dialogsShown(page);
      await screenshot(page, 'albums-create-dialog');
      await create.getByRole('button', { name: 'Create Album' }).click();
      await page.getByText('Album created successfully').waitFor();
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: albumName }) });
      await card.getByText(`Created by ${rose.displayName}`).waitFor();

      await card.getByRole('button', { name: `Add Member to ${albumName}` }).click();
      const addMember = page.getByRole('dialog', { name: 'Add Member' });
      await addMember.getByRole('button', { name: 'Add Member' }).click();
      await addMember.getByText('Please select a member').waitFor();
      await pickPerson(
        page,
        addMember.getByRole('combobox', { name: 'Family member' }),
        tom.displayName,
        tom.displayName,
      );
      await addMember.getByRole('switch', { name: 'Can Edit' }).check();
      await dialogsShown(page);
      await screenshot(page, 'albums-add-member-dialog');
      await addMember.getByRole('button', { name: 'Add Member' }).click();
      await page.getByText('Member added successfully').waitFor();
      await card.getByText('2 members').waitFor();

      // From the gallery: the photo's card has Add to Album.
      await page.goto('/');
      const photoCard = page.getByRole('article', { name: photoTitle });
      await photoCard.getByRole('button', { name: 'Add to Album', exact: true }).click();
      const addToAlbum = page.getByRole('dialog', { name: 'Add to Album' });
      await addToAlbum.getByText('Select an album to add this media item to').waitFor();
      expect(await addToAlbum.getByRole('button', { name: 'Add to Album' }).isDisabled()).toBe(true);
      await addToAlbum.getByLabel('Album').selectOption({ label: albumName });
      await addToAlbum.getByRole('button', { name: 'Add to Album' }).click();
      await page.getByText('Media added to album successfully').waitFor();

      // The album's View dialog lists it with the media grid.
      await page.goto('/albums');
      await card.getByText('1 item', { exact: true }).waitFor();
      await card.getByRole('img', { name: photoTitle }).waitFor();
      await screenshot(page, 'albums-page-desktop');
      await card.getByRole('button', { name: `View ${albumName}` }).click();
      const view = page.getByRole('dialog', { name: albumName });
      await view.getByRole('article', { name: photoTitle }).waitFor();
      await view.getByText('Can Edit').waitFor();
      expect(await view.getByRole('button', { name: /Tag Users|Add to Album/ }).count()).toBe(0);
      await dialogsShown(page);
      await screenshot(page, 'albums-view-dialog');

      // Its detail dialog names the album and takes it out.
      await view.getByRole('button', { name: `Open ${photoTitle}` }).click();
      const detail = page.getByRole('dialog', { name: photoTitle });
      await detail.getByText(albumName).waitFor();
      await dialogsShown(page);
      await screenshot(page, 'albums-media-detail-album-line');
      await detail.getByRole('button', { name: `Remove from ${albumName}` }).click();
      const confirmRemove = page.getByRole('dialog', {
        name: 'Are you sure you want to remove this media from the album?',
      });
      await confirmRemove.getByRole('button', { name: 'Remove' }).click();
      await page.getByText('Media removed from album successfully').waitFor();
      await detail.getByRole('button', { name: 'Close' }).first().click();
      await view.getByText('No media items found').waitFor();
      await view.getByRole('button', { name: 'Close' }).last().click();

      await card.getByRole('button', { name: `Delete ${albumName}` }).click();
      const confirmDelete = page.getByRole('dialog', { name: 'Are you sure you want to delete this album?' });
      await confirmDelete.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Album deleted successfully').waitFor();
      await card.waitFor({ state: 'detached' });
    });
  });

  it('moves a photo that is in an album to another with Move to Album', async () => {
    const title = `Pier ${run}`;
    const from = (await rose.client.post('/api/albums', { name: `Spring ${run}`, isShared: false })).body.id as number;
    const toName = `Autumn ${run}`;
    await rose.client.post('/api/albums', { name: toName, isShared: false });
    await uploadMedia(rose.client, { type: 'photo', title, albumId: String(from) }, pngFile([200, 90, 40], 48));

    await withPage(browser, PHONE, async (page) => {
      await signIn(page, rose);
      await page.goto('/');
      const photoCard = page.getByRole('article', { name: title });
      // On a phone the thumbnails carry no buttons: Move to Album is in the detail view.
      await photoCard.getByRole('button', { name: `Open ${title}` }).click();
      await page
        .getByRole('dialog', { name: title })
        .getByRole('button', { name: 'Move to Album', exact: true })
        .click();
      const move = page.getByRole('dialog', { name: 'Move to Album' });
      await move.getByText('It leaves the album it is in now.', { exact: false }).waitFor();
      // The album it is in is not offered.
      const offered = await move.getByLabel('Album').locator('option').allTextContents();
      expect(offered).toContain(toName);
      expect(offered).not.toContain(`Spring ${run}`);
      await move.getByLabel('Album').selectOption({ label: toName });
      await dialogsShown(page);
      await screenshot(page, 'albums-move-dialog-phone');
      await move.getByRole('button', { name: 'Move to Album' }).click();
      await page.getByText('Media moved to album successfully').waitFor();

      await page.getByRole('dialog', { name: title }).getByText(toName).waitFor();
    });
  });

  it("switches home's views on a phone and restores the saved one once", async () => {
    // Wider, the header's links are the one navigation and home has no switch of its own.
    await withPage(browser, PHONE, async (page) => {
      await signIn(page, tom);
      await page.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor();
      const views = page.getByRole('group', { name: 'What to show' });

      await views.getByRole('button', { name: 'Family Tree' }).click();
      await page.getByRole('heading', { level: 1, name: 'Family Tree' }).waitFor();
      await views.getByRole('button', { name: 'Albums' }).click();
      await page.getByRole('heading', { level: 1, name: 'Albums' }).waitFor();
      await screenshot(page, 'home-albums-view-phone-switch');

      // The saved choice comes back once after a reload, then the setting is cleared.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Albums' }).waitFor();
      expect(await views.getByRole('button', { name: 'Albums' }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.evaluate(() => window.localStorage.getItem('family-archive.home-view'))).toBeNull();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor();
    });
  });

  it('works on a phone', async () => {
    await withPage(browser, PHONE, async (page) => {
      const { body: album } = await rose.client.post('/api/albums', { name: `Phone ${run}`, isShared: true });
      await rose.client.post(`/api/albums/${album.id}/members`, { userId: tom.id, canEdit: false });
      await signIn(page, tom);
      await page.getByRole('group', { name: 'What to show' }).getByRole('button', { name: 'Albums' }).click();
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: `Phone ${run}` }) });
      await card.getByText(`Created by ${rose.displayName}`).waitFor();
      await screenshot(page, 'home-albums-view-phone');
      await card.getByRole('button', { name: `View Phone ${run}` }).click();
      const view = page.getByRole('dialog', { name: `Phone ${run}` });
      await view.getByRole('button', { name: 'Leave album' }).waitFor();
      await dialogsShown(page);
      await screenshot(page, 'albums-view-dialog-phone');
    });
  });
});
