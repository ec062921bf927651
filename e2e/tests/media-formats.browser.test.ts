import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { registerPerson, type Person } from '../support/api';
import { DESKTOP, PHONE, dialogsShown, launchBrowser, logInInBrowser, screenshot, withPage } from '../support/browser';
import { privateAlbum, uploadMedia, waitPrepared } from '../support/media';
import { hevcMov, SAMPLES_DIR, sampleFile } from '../support/media-samples';

// Real family media in Chromium: an iPhone HEIC shows (from its preview, never the original on a phone), an
// iPhone-style HEVC .MOV plays a picture that is not black, a new upload says "Preparing…" and turns into its
// picture by itself, and Download gives back the original byte for byte.

async function openGallery(page: Page, person: Person) {
  await logInInBrowser(page, person.username, person.password);
  await page.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor();
}

/** Whether an <img> has loaded a real picture. */
function loaded(page: Page, selector: string) {
  return page.waitForFunction((css) => {
    const image = document.querySelector<HTMLImageElement>(css);
    return image !== null && image.complete && image.naturalWidth > 0;
  }, selector);
}

describe('real family media in a browser', () => {
  let browser: Browser;
  let rose: Person;
  let tmp: string;
  const run = Date.now().toString(36);
  const heicTitle = `iPhone photo ${run}`;
  const movTitle = `iPhone video ${run}`;
  const hdrTitle = `HDR clip ${run}`;
  const brokenTitle = `Damaged ${run}`;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'media-formats-e2e-'));
    browser = await launchBrowser();
    const movBytes = await hevcMov(4, '1280x720');
    rose = await registerPerson('frose', `Rose ${run}`);
    // In Rose's private album: other tests' people do not get these items in their galleries.
    const album = String(await privateAlbum(rose.client, `Phone ${run}`));
    const heic = await uploadMedia(
      rose.client,
      { type: 'photo', title: heicTitle, albumId: album },
      sampleFile(SAMPLES_DIR, 'iphone-xr-portrait-grid.HEIC'),
    );
    const mov = await uploadMedia(
      rose.client,
      { type: 'video', title: movTitle, albumId: album },
      {
        bytes: movBytes,
        name: 'IMG_0101.MOV',
        type: 'video/quicktime',
      },
    );
    const hdr = await uploadMedia(
      rose.client,
      { type: 'video', title: hdrTitle, albumId: album },
      sampleFile(SAMPLES_DIR, 'iphone14pro-hevc-hdr.MOV'),
    );
    const broken = await uploadMedia(
      rose.client,
      { type: 'photo', title: brokenTitle, albumId: album },
      sampleFile(SAMPLES_DIR, 'truncated.heic'),
    );
    for (const item of [heic, mov, hdr, broken]) await waitPrepared(rose.client, item.id, 120_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('on a phone, a HEIC shows from its thumbnail and preview, and the original is never loaded', async () => {
    await withPage(browser, PHONE, async (page) => {
      const originals: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/media\/\d+\/file/.test(request.url())) originals.push(request.url());
      });
      await openGallery(page, rose);
      const card = page.getByRole('article', { name: heicTitle });
      // Thumbnails load lazily, as the person scrolls to them: below the fold the picture has no size yet.
      await card.getByRole('img', { name: heicTitle, exact: true }).waitFor({ state: 'attached' });
      await card.scrollIntoViewIfNeeded();
      await loaded(page, `img[alt="${heicTitle}"]`);
      // A video's card shows its poster with its length.
      // (The length is drawn over the picture by CSS from data-caption, docs/conventions.md "Accessibility".)
      await page.getByRole('article', { name: movTitle }).locator('[data-caption="0:04"]').waitFor();
      await screenshot(page, 'media-formats-gallery-phone');

      await card.getByRole('button', { name: `Open ${heicTitle}` }).click();
      const detail = page.getByRole('dialog', { name: heicTitle });
      const preview = detail.getByRole('img', { name: heicTitle, exact: true });
      await preview.waitFor();
      expect(await preview.getAttribute('src')).toMatch(/\/preview$/);
      await page.waitForFunction(
        (title) =>
          [...document.querySelectorAll<HTMLImageElement>(`[role="dialog"] img[alt="${title}"]`)].some(
            (image) => image.complete && image.naturalWidth > 0 && image.naturalHeight > image.naturalWidth,
          ),
        heicTitle,
      );
      await detail.getByRole('link', { name: 'View full size' }).waitFor();
      await dialogsShown(page);
      await screenshot(page, 'media-formats-heic-detail-phone');
      expect(originals).toEqual([]);
    });
  });

  it('plays a HEVC .MOV (converted) to a picture that is not black, and the iPhone HDR clip too', async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openGallery(page, rose);
      for (const title of [movTitle, hdrTitle]) {
        await page.getByRole('button', { name: `Open ${title}` }).click();
        const detail = page.getByRole('dialog', { name: title });
        const player = detail.getByLabel(title, { exact: true });
        await player.waitFor();
        expect(await player.getAttribute('src')).toMatch(/\/playback$/);
        expect(await player.getAttribute('poster')).toMatch(/\/preview$/);
        const frame = await player.evaluate(async (element) => {
          const video = element as HTMLVideoElement;
          video.muted = true;
          await video.play().catch(() => undefined);
          const until = Date.now() + 20_000;
          while (video.readyState < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
          // A frame the browser has decoded and shown, not just the one it has data for.
          await Promise.race([
            new Promise((resolve) => video.requestVideoFrameCallback(() => resolve(undefined))),
            new Promise((resolve) => setTimeout(resolve, 3000)),
          ]);
          video.pause();
          const canvas = document.createElement('canvas');
          canvas.width = 64;
          canvas.height = 64;
          const context = canvas.getContext('2d')!;
          context.drawImage(video, 0, 0, 64, 64);
          const pixels = context.getImageData(0, 0, 64, 64).data;
          let brightest = 0;
          for (let i = 0; i < pixels.length; i += 4)
            brightest = Math.max(brightest, pixels[i], pixels[i + 1], pixels[i + 2]);
          return { readyState: video.readyState, brightest, error: video.error?.message ?? null };
        });
        expect(frame.error).toBeNull();
        expect(frame.readyState).toBeGreaterThanOrEqual(2);
        expect(frame.brightest).toBeGreaterThan(40);
        if (title === movTitle) {
          await dialogsShown(page);
          await screenshot(page, 'media-formats-video-detail-desktop');
        }
        await detail.getByRole('button', { name: 'Close' }).click();
        await detail.waitFor({ state: 'detached' });
      }
    });
  });

  it('a new upload says Preparing… and turns into its picture without a reload; Download gives the original back', async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openGallery(page, rose);
      const title = `Holiday ${run}`;
      const file = path.join(tmp, 'holiday.heic');
      fs.copyFileSync(path.join(SAMPLES_DIR, 'samsung-s10-grid.heic'), file);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Media' });
      await dialog.getByLabel('Files').setInputFiles(file);
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByRole('button', { name: 'Upload' }).click();
      await page.getByRole('region', { name: 'Uploads' }).getByRole('link', { name: 'Open holiday.heic' }).waitFor();

      const card = page.getByRole('article', { name: title });
      await card.getByRole('img', { name: 'Preparing…' }).waitFor();
      await screenshot(page, 'media-formats-preparing-desktop');
      // Once prepared it moves to its recording date's month, maybe below the fold, where pictures load lazily.
      await card.getByRole('img', { name: title, exact: true }).waitFor({ state: 'attached', timeout: 30_000 });
      await card.scrollIntoViewIfNeeded();
      await loaded(page, `img[alt="${title}"]`);
      // The thumbnail carries no words: its button names the title and the recording's date.
      await card.getByRole('button', { name: `Open ${title}, June 30, 2020` }).waitFor();
      await screenshot(page, 'media-formats-gallery-desktop');

      await card.getByRole('button', { name: `Open ${title}` }).click();
      const detail = page.getByRole('dialog', { name: title });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        detail.getByRole('link', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('holiday.heic');
      const saved = path.join(tmp, 'downloaded.heic');
      await download.saveAs(saved);
      expect(fs.readFileSync(saved).equals(fs.readFileSync(file))).toBe(true);
    });
  });

  it('a damaged photo says why, with Try again for its uploader', async () => {
    await withPage(browser, PHONE, async (page) => {
      await openGallery(page, rose);
      await page.getByRole('button', { name: `Open ${brokenTitle}` }).click();
      const detail = page.getByRole('dialog', { name: brokenTitle });
      await detail.getByText('This photo is damaged and cannot be shown.').waitFor();
      await detail.getByRole('button', { name: 'Try again' }).waitFor();
      await detail.getByRole('link', { name: 'Download' }).waitFor();
      await dialogsShown(page);
      await screenshot(page, 'media-formats-failed-phone');
    });
  });
});
