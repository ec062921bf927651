import type { Browser, Page } from 'playwright-core';
import { registerPerson, type Person } from '../support/api';
import {
  dialogsShown,
  expectNoSeriousAxeViolations,
  LAPTOP,
  launchBrowser,
  logInInBrowser,
  PHONE,
  screenshot,
  withPage,
} from '../support/browser';
import { privateAlbum, uploadMedia, waitPrepared } from '../support/media';
import { FIXTURES_DIR, SAMPLES_DIR, sampleFile } from '../support/media-samples';

// A Motion Photo in Chromium (docs/product.md "Live and Motion Photos"): its card carries a "Live" badge; the
// detail view has a Live button and plays the motion while a finger holds the picture (phone) or the mouse is over
// it (laptop); "View full size" of a HEIC opens a JPEG the browser shows, never the .HEIC.

async function openItem(page: Page, person: Person, title: string) {
  await logInInBrowser(page, person.username, person.password);
  await page.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor();
  const card = page.getByRole('article', { name: title });
  await card.locator('[data-caption="Live"]').waitFor();
  await card.getByRole('button', { name: `Open ${title}` }).click();
  const detail = page.getByRole('dialog', { name: title });
  await detail.getByRole('img', { name: title, exact: true }).waitFor();
  await dialogsShown(page);
  return detail;
}

/** Whether the motion's <video> has a picture to show. */
function motionPlays(page: Page) {
  return page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>('[role="dialog"] video');
    return video !== null && video.readyState >= 2 && video.videoWidth > 0;
  });
}

describe('Motion Photos in a browser', () => {
  let browser: Browser;
  let mia: Person;
  const run = Date.now().toString(36);
  const samsungTitle = `Samsung motion ${run}`;
  const jpegTitle = `Pixel motion ${run}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    mia = await registerPerson('mmia', `Mia ${run}`);
    const album = String(await privateAlbum(mia.client, `Motion ${run}`));
    const samsung = await uploadMedia(
      mia.client,
      { type: 'photo', title: samsungTitle, albumId: album },
      sampleFile(SAMPLES_DIR, 'samsung-s22-motion-photo.heic'),
    );
    const jpeg = await uploadMedia(
      mia.client,
      { type: 'photo', title: jpegTitle, albumId: album },
      sampleFile(FIXTURES_DIR, 'motion-photo.jpg'),
    );
    for (const item of [samsung, jpeg]) await waitPrepared(mia.client, item.id, 120_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('on a phone, holding the picture plays the motion; the Live button is a real button of 44 px', async () => {
    await withPage(browser, PHONE, async (page) => {
      const detail = await openItem(page, mia, jpegTitle);
      const live = detail.getByRole('button', { name: 'Live, play the motion' });
      const box = (await live.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      // The test's click that opened the item is a mouse's, and may have left it over the picture: move it away.
      await page.mouse.move(1, 1);
      await detail.locator('video').waitFor({ state: 'detached' });
      await screenshot(page, 'motion-photo-detail-phone');

      const picture = detail.getByTestId('live-photo');
      await picture.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
      await detail.getByLabel(`Motion of ${jpegTitle}`).waitFor();
      await motionPlays(page);
      await screenshot(page, 'motion-photo-playing-phone');
      await picture.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true });
      await detail.locator('video').waitFor({ state: 'detached' });

      // The button plays it too, until pressed again.
      await live.click();
      await detail.getByRole('button', { name: 'Live, stop the motion' }).waitFor();
      await motionPlays(page);
      await expectNoSeriousAxeViolations(page, 'a Motion Photo playing, phone');
      await detail.getByRole('button', { name: 'Live, stop the motion' }).click();
      await detail.locator('video').waitFor({ state: 'detached' });
    });
  });

  it('on a laptop, the mouse over the picture plays the motion, and View full size opens a JPEG that loads', async () => {
    await withPage(browser, LAPTOP, async (page, context) => {
      const detail = await openItem(page, mia, samsungTitle);
      await screenshot(page, 'motion-photo-detail-laptop');
      await detail.getByTestId('live-photo').hover();
      await motionPlays(page);
      expect(await detail.locator('video').getAttribute('src')).toMatch(/\/motion$/);
      await screenshot(page, 'motion-photo-playing-laptop');
      await page.mouse.move(0, 0);
      await detail.locator('video').waitFor({ state: 'detached' });
      await expectNoSeriousAxeViolations(page, 'a Motion Photo, laptop');

      const fullSize = detail.getByRole('link', { name: 'View full size' });
      expect(await fullSize.getAttribute('href')).toMatch(/\/full-size$/);
      const [opened] = await Promise.all([context.waitForEvent('page'), fullSize.click()]);
      await opened.waitForLoadState();
      const size = await opened.waitForFunction(() => {
        const image = document.querySelector('img');
        return image && image.complete && image.naturalWidth > 0 ? [image.naturalWidth, image.naturalHeight] : null;
      });
      expect(await size.jsonValue()).toEqual([3000, 4000]);
    });
  });
});
