import type { Browser, Page } from 'playwright-core';
import { registerPerson, type Person } from '../support/api';
import { doubleTextSize, expectNothingSideways } from '../support/accessibility';
import { PHONE, PHONE_ZOOMED, dialogsShown, launchBrowser, newPage, screenshot, signIn } from '../support/browser';
import { FIXTURES_DIR, sampleFile } from '../support/media-samples';
import { pngFile, uploadMedia, waitPrepared, type FormFile } from '../support/media';

// docs/product.md "Media grid" and "Media detail dialog": a gallery that is pictures first, at any text size.

/** How far the thumbnails' squares reach down the screen, and how many share the first row of a month. */
async function thumbnails(page: Page): Promise<Array<{ top: number; bottom: number; left: number; right: number }>> {
  return page.getByRole('article').evaluateAll((cards) =>
    cards.map((card) => {
      const { top, bottom, left, right } = card.getBoundingClientRect();
      return { top, bottom, left, right };
    }),
  );
}

/** Thumbnails in the gallery's first full row: those level with the first one of the big month. */
async function perRow(page: Page, firstOfMonth: string): Promise<number> {
  const first = (await page.getByRole('article', { name: firstOfMonth }).boundingBox())!;
  return (await thumbnails(page)).filter((box) => Math.abs(box.top - first.y) < 1).length;
}

/** The element lies wholly inside the screen. */
async function expectOnScreen(page: Page, name: string, box: { x: number; y: number; width: number; height: number }) {
  const { width, height } = page.viewportSize()!;
  const where = `${name} at ${JSON.stringify(box)} on a ${width}x${height} screen`;
  expect({ where, inside: box.x >= -1 && box.y >= -1 && box.x + box.width <= width + 1 }).toEqual({
    where,
    inside: true,
  });
  expect({ where, inside: box.y + box.height <= height + 1 }).toEqual({ where, inside: true });
}

describe('the gallery, pictures first, in a browser', () => {
  let browser: Browser;
  let ada: Person;
  const run = Date.now().toString(36);
  const today = new Date();
  const threeYearsAgo = `${today.getUTCFullYear() - 3}-${today.toISOString().slice(5, 10)}`;
  // Twelve photos and a video of today (the newest month, as a family's gallery has it; the archive's other items
  // of this month join it), two older months of one photo each, and one of today three years ago ("On this day").
  const month = (n: number) => `Harbour ${String(n).padStart(2, '0')} ${run}`;
  const lonely = `Lonely kite ${run}`;
  const alsoLonely = `Lonely boat ${run}`;
  const memory = `Garden gate ${run}`;
  const clip = `Waves ${run}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    ada = await registerPerson('pictures', `Ada ${run}`);
    const ids: number[] = [];
    const upload = async (fields: Record<string, string>, file: FormFile) =>
      ids.push((await uploadMedia(ada.client, fields, file)).id);
    for (let n = 1; n <= 12; n++) {
      await upload({ type: 'photo', title: month(n) }, pngFile([n * 20, 120, 200 - n * 10], 64));
    }
    await upload({ type: 'video', title: clip }, sampleFile(FIXTURES_DIR, 'clip.mp4'));
    // Months no other test uses, so each holds one photo.
    const longAgo = today.getUTCFullYear() - 7;
    await upload({ type: 'photo', title: lonely, mediaDate: `${longAgo}-02-03` }, pngFile([40, 90, 200], 64));
    await upload({ type: 'photo', title: alsoLonely, mediaDate: `${longAgo}-01-07` }, pngFile([90, 40, 200], 64));
    const memoryDate = threeYearsAgo.endsWith('02-29') ? `${today.getUTCFullYear() - 3}-02-28` : threeYearsAgo;
    await upload({ type: 'photo', title: memory, mediaDate: memoryDate }, pngFile([200, 90, 40], 64));
    for (const id of ids) await waitPrepared(ada.client, id);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('fills a phone’s first screen with thumbnails, On this day showing; 3, 4 and 7 a row by width', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await signIn(page, ada);
      await page
        .getByRole('region', { name: 'On this day' })
        .getByRole('button', { name: `Open ${memory}` })
        .waitFor();
      await page
        .getByRole('article', { name: month(12) })
        .getByRole('img')
        .waitFor();
      await screenshot(page, 'gallery-phone-first-screen');
      const onFirstScreen = (await thumbnails(page)).filter((box) => box.bottom <= PHONE.height);
      expect(onFirstScreen.length).toBeGreaterThanOrEqual(9);
      expect(await perRow(page, month(12))).toBe(3);
      // Upload floats over the pictures; search, type and Jump to date wait behind their buttons.
      await page.getByRole('button', { name: 'Upload', exact: true }).waitFor();
      expect(await page.getByPlaceholder('Search media...').count()).toBe(0);
      // A month of one photo shares its row with another month rather than leaving the rest of the row empty
      // (beside the month before it or the next one, as the other tests' months fall).
      for (const name of [lonely, alsoLonely]) {
        const alone = (await page.getByRole('article', { name }).boundingBox())!;
        expect(alone.width).toBeLessThan(PHONE.width / 2);
        const rowMates = (await thumbnails(page)).filter(
          (box) => Math.abs(box.top - alone.y) < 1 && Math.abs(box.left - alone.x) >= 1,
        );
        expect({ name, sharesItsRow: rowMates.length > 0 }).toEqual({ name, sharesItsRow: true });
      }

      for (const [width, expected] of [
        [600, 4],
        [1366, 7],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForFunction((w) => window.innerWidth === w, width);
        expect({ width, perRow: await perRow(page, month(12)) }).toEqual({ width, perRow: expected });
        await screenshot(page, `gallery-${width}`);
      }
      // Wider, the header's links are the one navigation: no second switch of views.
      expect(await page.getByRole('group', { name: 'What to show' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  describe.each([
    ['text at 200%', PHONE, true],
    ['zoomed to 200%', PHONE_ZOOMED, false],
  ])('on a phone with its %s', (name, viewport, largeText) => {
    it('keeps the picture, Previous and Next on screen in the detail view, and the video whole', async () => {
      const { context, page } = await newPage(browser, viewport);
      try {
        if (largeText) await doubleTextSize(page);
        await signIn(page, ada);
        await page.getByRole('button', { name: `Open ${month(5)}` }).click();
        const detail = page.getByRole('dialog', { name: month(5) });
        const picture = detail.getByRole('img', { name: month(5) });
        await picture.waitFor();
        await page.waitForFunction((title) => {
          const image = document.querySelector<HTMLImageElement>(`[role="dialog"] img[alt="${title}"]`);
          return image !== null && image.complete && image.naturalWidth > 0;
        }, month(5));
        await dialogsShown(page);
        await screenshot(page, `gallery-detail-${largeText ? 'text' : 'zoom'}-200`);
        await expectOnScreen(page, 'the picture', (await picture.boundingBox())!);
        for (const move of ['Previous', 'Next']) {
          await expectOnScreen(page, move, (await detail.getByRole('button', { name: move }).boundingBox())!);
        }
        await expectNothingSideways(page, `the detail view with ${name}`);

        // The video, shown whole with its controls.
        await page.keyboard.press('Escape');
        await detail.waitFor({ state: 'detached' });
        await page.getByRole('button', { name: `Open ${clip}` }).click();
        const video = page.getByRole('dialog', { name: clip }).locator('video');
        await video.waitFor();
        await page.waitForFunction(
          () => ((document.querySelector('[role="dialog"] video') as HTMLVideoElement | null)?.readyState ?? 0) >= 1,
        );
        await screenshot(page, `gallery-video-${largeText ? 'text' : 'zoom'}-200`);
        await expectOnScreen(page, 'the video', (await video.boundingBox())!);
        await expectNothingSideways(page, `the video with ${name}`);
      } finally {
        await context.close();
      }
    });
  });
});
