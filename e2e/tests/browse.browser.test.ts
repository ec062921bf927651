import type { Browser, Page } from 'playwright-core';
import type { MediaItem } from '@family/contract';
import { registerPerson, type Person } from '../support/api';
import { PHONE, dialogsShown, launchBrowser, screenshot, signIn, withPage } from '../support/browser';
import { baseUrl } from '../support/stack';
import { pngFile, privateAlbum, uploadMedia } from '../support/media';

const WIDE = { width: 1366, height: 900 };
const pad = (n: number) => String(n).padStart(2, '0');

/** Swipes across the open dialog with real touch events (Chromium's touch input, as a finger would). */
async function swipe(page: Page, direction: 'left' | 'right') {
  const box = (await page.getByRole('dialog').boundingBox())!;
  const y = box.y + box.height * 0.6;
  const [from, to] = direction === 'left' ? [0.8, 0.2] : [0.2, 0.8];
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number) => [{ x: box.x + box.width * x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) });
  for (const step of [0.35, 0.5, 0.65]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(from + (to - from) * step) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(to) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The month headings of the gallery, in page order ("March 2022"). */
async function monthHeadings(page: Page): Promise<string[]> {
  const texts = await page.getByRole('heading', { level: 2 }).allInnerTexts();
  return texts.map((text) => text.trim()).filter((text) => /^[A-Z][a-z]+ \d{4}$/.test(text));
}

describe('browsing like a photo app, in a browser', () => {
  let browser: Browser;
  let rose: Person;
  let tom: Person;
  const run = Date.now().toString(36);
  const walk: Record<'A' | 'B' | 'C' | 'D' | 'E', MediaItem> = {} as never;
  const trip: MediaItem[] = [];
  let hidden: MediaItem;
  const now = new Date();
  const fiveYearsBack = now.getFullYear() - 5;
  const albumName = `Trip ${run}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    rose = await registerPerson('brose', `Rose ${run}`);
    tom = await registerPerson('btom', `Tom ${run}`);
    // Photos and posts taking turns: under "Photos" the order is A, C, E.
    const plan = [
      ['A', 'photo', '2019-06-05'],
      ['B', 'post', '2019-06-04'],
      ['C', 'photo', '2019-06-03'],
      ['D', 'post', '2019-06-02'],
      ['E', 'photo', '2019-06-01'],
    ] as const;
    for (const [key, type, mediaDate] of plan) {
      const fields = { type, title: `Walk ${run} ${key}`, mediaDate };
      walk[key] =
        type === 'photo'
          ? await uploadMedia(rose.client, fields, pngFile(undefined, 32))
          : await uploadMedia(rose.client, { ...fields, content: 'On the way.' });
    }
    const albumId = await privateAlbum(rose.client, albumName);
    for (const [index, mediaDate] of ['2018-01-03', '2018-01-02', '2018-01-01'].entries()) {
      const item = await uploadMedia(rose.client, {
        type: 'post',
        title: `Trip ${run} ${index + 1}`,
        mediaDate,
        content: 'Trip notes.',
      });
      expect((await rose.client.post(`/api/albums/${albumId}/media/${item.id}`)).status).toBe(200);
      trip.push(item);
    }
    // Something Rose may not see: in Tom's private album.
    const tomsAlbum = await privateAlbum(tom.client, `Tom private ${run}`);
    hidden = await uploadMedia(tom.client, { type: 'post', title: `Secret ${run}`, content: 'x' });
    await tom.client.post(`/api/albums/${tomsAlbum}/media/${hidden.id}`);
    // Ten years of an archive, one item a month (never on today's day), and one from today: in Tom's private
    // album, so that other tests' galleries, which show what everyone may see, are not pushed onto later pages.
    const album = String(tomsAlbum);
    const day = now.getDate() === 15 ? 14 : 15;
    for (let back = 1; back <= 120; back++) {
      const date = new Date(now.getFullYear(), now.getMonth() - back, day);
      const month = `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;
      await uploadMedia(tom.client, {
        type: 'post',
        title: `Month ${month} ${run}`,
        mediaDate: `${month}-${pad(day)}`,
        content: '.',
        albumId: album,
      });
    }
    await uploadMedia(tom.client, {
      type: 'post',
      title: `Three years back ${run}`,
      mediaDate: `${now.getFullYear() - 3}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
      content: 'Then.',
      albumId: album,
    });
    await uploadMedia(tom.client, { type: 'post', title: `Today ${run}`, content: 'Now.', albumId: album });
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of [PHONE, WIDE]) {
    const size = `${viewport.width}px`;

    it(`gives an opened item its address: Back, reload, Escape, a shared link and the 404 page (${size})`, async () => {
      await withPage(browser, viewport, async (page) => {
        await signIn(page, rose);
        await page.getByRole('button', { name: 'Search and filter' }).click();
        await page.getByLabel('Search media').fill(`Walk ${run}`);
        await page.getByRole('article', { name: walk.E.title }).waitFor();
        await page.getByRole('button', { name: `Open ${walk.B.title}` }).click();
        const dialog = page.getByRole('dialog', { name: walk.B.title });
        await dialog.waitFor();
        expect(new URL(page.url()).pathname).toBe(`/media/${walk.B.id}`);

        // Back closes it, and the gallery is as it was (its search kept).
        await page.goBack();
        await dialog.waitFor({ state: 'detached' });
        expect(new URL(page.url()).pathname).toBe('/');
        expect(await page.getByLabel('Search media').inputValue()).toBe(`Walk ${run}`);
        await page.getByRole('article', { name: walk.D.title }).waitFor();

        // A reload opens it again, over the gallery; Escape closes it.
        await page.getByRole('button', { name: `Open ${walk.D.title}` }).click();
        await page.getByRole('dialog', { name: walk.D.title }).waitFor();
        await page.reload();
        await page.getByRole('dialog', { name: walk.D.title }).waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        expect(new URL(page.url()).pathname).toBe('/');
        await page.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor();

        // From a person's uploaded page too: Back returns there, and Next follows that page's order.
        await page.goto(`/profile/${rose.id}/uploaded`);
        await page.getByRole('heading', { level: 1, name: 'Uploaded Media' }).waitFor();
        await page.getByRole('button', { name: `Open ${walk.A.title}` }).click();
        await page.getByRole('dialog', { name: walk.A.title }).waitFor();
        expect(new URL(page.url()).pathname).toBe(`/media/${walk.A.id}`);
        await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
        await page.getByRole('dialog', { name: walk.B.title }).waitFor();
        await page.goBack();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        expect(new URL(page.url()).pathname).toBe(`/profile/${rose.id}/uploaded`);
        await page.getByRole('heading', { level: 1, name: 'Uploaded Media' }).waitFor();

        // A shared link, typed into a fresh tab: the item over the gallery; Close goes to the gallery.
        const shared = await page.context().newPage();
        await shared.goto(`${baseUrl}/media/${walk.C.id}`);
        await shared.getByRole('dialog', { name: walk.C.title }).waitFor();
        await dialogsShown(shared);
        await screenshot(shared, `browse-shared-link-${viewport.width}`);
        await shared.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
        await shared.getByRole('dialog').waitFor({ state: 'detached' });
        expect(new URL(shared.url()).pathname).toBe('/');

        // Not Rose's to see, or no such item: the app's 404 page.
        for (const id of [hidden.id, 999999999]) {
          await shared.goto(`${baseUrl}/media/${id}`);
          await shared.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
          expect(await shared.getByText(`Secret ${run}`).count()).toBe(0);
        }
        await shared.close();
      });
    });

    it(`moves through the list with Previous/Next, the arrow keys and a swipe, under a filter and in an album (${size})`, async () => {
      await withPage(browser, viewport, async (page) => {
        await signIn(page, rose);
        await page.getByRole('button', { name: 'Search and filter' }).click();
        await page.getByLabel('Search media').fill(`Walk ${run}`);
        await page.getByLabel('Type').selectOption({ label: 'Photos' });
        await page.getByRole('article', { name: walk.E.title }).waitFor();
        await page.getByRole('article', { name: walk.D.title }).waitFor({ state: 'detached' });
        await page.getByRole('button', { name: `Open ${walk.A.title}` }).click();
        const shows = async (item: MediaItem) => {
          await page.getByRole('dialog', { name: item.title }).waitFor();
          await page.waitForURL((url) => url.pathname === `/media/${item.id}`);
        };
        await shows(walk.A);
        const dialog = page.getByRole('dialog');
        // Waited for, not read at once: the dialog finds its place in the list as the list arrives.
        await dialog.getByRole('button', { name: 'Previous', disabled: true }).waitFor();
        await dialog.getByRole('button', { name: 'Next' }).click();
        await shows(walk.C);
        await dialogsShown(page);
        await screenshot(page, `browse-next-${viewport.width}`);
        await page.keyboard.press('ArrowRight');
        await shows(walk.E);
        await dialog.getByRole('button', { name: 'Next', disabled: true }).waitFor();
        await page.keyboard.press('ArrowLeft');
        await shows(walk.C);
        if (viewport === PHONE) {
          await swipe(page, 'left');
          await shows(walk.E);
          await swipe(page, 'right');
          await shows(walk.C);
        }
        await dialog.getByRole('button', { name: 'Previous' }).click();
        await shows(walk.A);
        // Back goes to the gallery, not through every item seen.
        await page.goBack();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        expect(new URL(page.url()).pathname).toBe('/');

        // In an album: only the album's items, in its order; Back leaves the album open.
        await page.goto('/albums');
        await page.getByRole('button', { name: `View ${albumName}` }).click();
        const album = page.getByRole('dialog', { name: albumName });
        await album.getByRole('button', { name: `Open ${trip[1].title}` }).waitFor();
        await album.getByRole('button', { name: `Open ${trip[1].title}` }).click();
        await shows(trip[1]);
        const item = page.getByRole('dialog', { name: trip[1].title });
        expect(await item.getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
        await page.keyboard.press('ArrowRight');
        await shows(trip[2]);
        await page
          .getByRole('dialog', { name: trip[2].title })
          .getByRole('button', { name: 'Next', disabled: true })
          .waitFor();
        await page.keyboard.press('ArrowLeft');
        await shows(trip[1]);
        await page.keyboard.press('ArrowLeft');
        await shows(trip[0]);
        await page.goBack();
        await page.getByRole('dialog', { name: trip[0].title }).waitFor({ state: 'detached' });
        expect(new URL(page.url()).pathname).toBe('/albums');
        await album.waitFor();
      });
    });

    it(`groups the gallery by month, jumps five years back and comes back to the newest; shows On this day (${size})`, async () => {
      await withPage(browser, viewport, async (page) => {
        await signIn(page, tom);
        const newest = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(now);
        await page.getByRole('heading', { level: 2, name: newest, exact: true }).waitFor();
        expect((await monthHeadings(page))[0]).toBe(newest);

        const onThisDay = page.getByRole('region', { name: 'On this day' });
        await onThisDay.getByRole('heading', { level: 3, name: '3 years ago' }).waitFor();
        await onThisDay.getByRole('button', { name: `Open Three years back ${run}` }).waitFor();
        await screenshot(page, `browse-gallery-${viewport.width}`);

        await page.getByRole('button', { name: 'Jump to date' }).click();
        await page.getByLabel('Year', { exact: true }).selectOption(String(fiveYearsBack));
        await page.getByRole('button', { name: 'Jump', exact: true }).click();
        const december = `December ${fiveYearsBack}`;
        await page.getByText(`From ${december} back.`).waitFor();
        await page.getByRole('article', { name: `Month ${fiveYearsBack}-12 ${run}` }).waitFor();
        expect((await monthHeadings(page))[0]).toBe(december);
        // Nothing of what lies between was loaded.
        expect(await page.getByRole('article', { name: `Today ${run}` }).count()).toBe(0);
        await screenshot(page, `browse-jumped-${viewport.width}`);

        // Older items follow on.
        await page.getByRole('article', { name: `Month ${fiveYearsBack - 2}-12 ${run}` }).waitFor();

        await page.getByRole('button', { name: 'Back to the newest' }).click();
        await page.getByRole('article', { name: `Today ${run}` }).waitFor();
        expect((await monthHeadings(page))[0]).toBe(newest);
      });
    });
  }
});
