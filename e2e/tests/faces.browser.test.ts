import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { registerPerson, type Person } from '../support/api';
import { LAPTOP, PHONE, launchBrowser, openAs, screenshot, withPage } from '../support/browser';
import { uploadMedia, waitPrepared } from '../support/media';

/**
 * The detail view's faces on demand (docs/product.md "Media detail dialog"): a face drawn on a photo shows as a box
 * on that very place of the picture, with the person's name, on a phone and on a laptop.
 */
describe('face boxes in the detail view', () => {
  let browser: Browser;
  let rose: Person;
  let tom: Person;
  let photoId: number;
  const run = Date.now().toString(36);
  const box = { x: 0.2, y: 0.25, width: 0.3, height: 0.4 };

  beforeAll(async () => {
    browser = await launchBrowser();
    rose = await registerPerson('frose', `Rose ${run}`);
    tom = await registerPerson('ftom', `Tom ${run}`);
    const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#6d8fb3' } })
      .jpeg()
      .toBuffer();
    const photo = await uploadMedia(
      rose.client,
      { type: 'photo', title: `Picnic ${run}` },
      { bytes, name: 'picnic.jpg', type: 'image/jpeg' },
    );
    photoId = photo.id;
    await waitPrepared(rose.client, photoId);
    const drawn = await rose.client.post(`/api/media/${photoId}/faces`, { box, personId: tom.id });
    expect(drawn.status).toBe(201);
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function boxesLineUp(page: Page) {
    const picture = page.getByRole('img', { name: `Picnic ${run}` });
    await picture.waitFor();
    await page.waitForFunction(
      (title) => document.querySelector<HTMLImageElement>(`img[alt="${title}"]`)?.complete === true,
      `Picnic ${run}`,
    );
    await page.getByRole('button', { name: 'Show faces' }).click();
    await page.getByRole('list', { name: 'Faces' }).getByText(`Tom ${run}`).waitFor();
    const shown = (await picture.boundingBox())!;
    const face = (await page.getByTestId('face-box').boundingBox())!;
    const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(2);
    near(face.x, shown.x + box.x * shown.width);
    near(face.y, shown.y + box.y * shown.height);
    near(face.width, box.width * shown.width);
    near(face.height, box.height * shown.height);
    await page.getByTestId('face-box').getByText(`Tom ${run}`).waitFor();
  }

  it.each([
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ])('draws the face box on its place of the picture, with the name, on a %s', async (name, viewport) => {
    await withPage(browser, viewport, async (page) => {
      await openAs(page, rose, `/media/${photoId}`);
      await boxesLineUp(page);
      await screenshot(page, `faces-detail-${name}`);
    });
  });
});
