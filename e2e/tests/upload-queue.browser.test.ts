import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { registerPerson, type Person } from '../support/api';
import { DESKTOP, PHONE, dialogsShown, launchBrowser, logInInBrowser, screenshot, withPage } from '../support/browser';
import { jpeg, png, uploadMedia } from '../support/media';
import { SAMPLES_DIR } from '../support/media-samples';

/**
 * docs/product.md "Uploading many files", in Chromium against the whole archive: many photos chosen at once, each
 * with its own progress in the uploads panel, then "Just uploaded" above the gallery; a batch of 50 with a file the
 * archive already has; drag and drop; files shared with the installed app, resumed by themselves after a reload;
 * an upload resumed after a reload from the bytes the archive holds.
 */

type ChosenFile = { name: string; mimeType: string; buffer: Buffer };

/** A photo with noise (it does not compress), unique by its `seed`, taken on `takenAt` by its EXIF date. */
async function photo(name: string, seed: number, takenAt = '2009:05:17 10:00:00'): Promise<ChosenFile> {
  const buffer = await sharp({
    create: {
      width: 900,
      height: 600,
      channels: 3,
      background: { r: (seed * 53) % 256, g: 110, b: 140 },
      noise: { type: 'gaussian', mean: 110, sigma: 30 },
    },
  })
    .jpeg({ quality: 90 })
    .withExif({ IFD2: { DateTimeOriginal: takenAt } })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** A large photo: a small JPEG followed by random bytes, which readers of JPEG ignore after its end. */
async function largePhoto(name: string, megabytes: number): Promise<ChosenFile> {
  const small = await photo(name, 200);
  return { ...small, buffer: Buffer.concat([small.buffer, crypto.randomBytes(megabytes * 1024 * 1024)]) };
}

const titleOf = (file: ChosenFile) => file.name.replace(/\.[^.]+$/, '');

async function openGallery(page: Page, person: Person) {
  await logInInBrowser(page, person.username, person.password);
  await page.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor();
}

/** A slower line (bytes per second), so progress is there to be seen; null for the full speed again. */
async function uploadSpeed(page: Page, bytesPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: bytesPerSecond ? 20 : 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

const panelOf = (page: Page) => page.getByRole('region', { name: 'Uploads' });

/** A real phone file of the media samples. */
const sample = (name: string): ChosenFile => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: fs.readFileSync(path.join(SAMPLES_DIR, name)),
});

/**
 * Counts what the page sends to /api/uploads from now on: new uploads (POST), and each PATCH's offset and bytes
 * (its Content-Length as sent: Chromium does not hand a file's body to the listener).
 */
function countUploadRequests(page: Page) {
  const lengths: Array<Promise<number>> = [];
  const sent = {
    created: 0,
    patchOffsets: [] as number[],
    /** Every PATCH's bytes, added up. */
    bytes: async () => (await Promise.all(lengths)).reduce((sum, length) => sum + length, 0),
  };
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/uploads')) return;
    if (request.method() === 'POST') sent.created += 1;
    if (request.method() !== 'PATCH') return;
    sent.patchOffsets.push(Number(request.headers()['upload-offset']));
    lengths.push(request.allHeaders().then((headers) => Number(headers['content-length'])));
  });
  return sent;
}

describe('uploading many files (Chromium)', () => {
  let browser: Browser;
  let rose: Person;

  beforeAll(async () => {
    browser = await launchBrowser();
    rose = await registerPerson('uq', 'Rose Uploads');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('sends several photos chosen at once, each with its progress, then shows them as Just uploaded', async () => {
    const files = await Promise.all([1, 2, 3].map((seed) => photo(`summer-${seed}-${Date.now()}.jpg`, seed)));
    await withPage(browser, DESKTOP, async (page) => {
      await openGallery(page, rose);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Media' });
      await dialog.getByLabel('Files').setInputFiles(files);
      await dialog.getByText('3 files,', { exact: false }).waitFor();
      await dialog.getByLabel('Description').fill('The summer at the lake');
      await dialogsShown(page);
      await screenshot(page, 'upload-queue-dialog-desktop');

      await uploadSpeed(page, 256 * 1024);
      await dialog.getByRole('button', { name: 'Upload 3 files' }).click();
      await dialog.waitFor({ state: 'detached' });
      const panel = panelOf(page);
      await panel.getByRole('progressbar', { name: `Upload progress of ${files[0].name}` }).waitFor();
      await page.waitForFunction((name) => {
        const bar = document.querySelector(`[aria-label="Upload progress of ${name}"]`);
        const value = Number(bar?.getAttribute('aria-valuenow'));
        return value > 0 && value < 100;
      }, files[0].name);
      await panel
        .getByText(/ of \d/)
        .first()
        .waitFor();
      await screenshot(page, 'upload-queue-progress-desktop');
      await uploadSpeed(page, null);

      for (const file of files) await panel.getByRole('link', { name: `Open ${file.name}` }).waitFor();
      await panel.getByText('All 3 done').waitFor();
      // Taken in 2009, they are far down the gallery: "Just uploaded" shows them at the top.
      const strip = page.getByRole('region', { name: 'Just uploaded' });
      for (const file of files) await strip.getByRole('button', { name: `Open ${titleOf(file)}` }).waitFor();
      await screenshot(page, 'upload-queue-done-desktop');

      await panel.getByRole('link', { name: `Open ${files[1].name}` }).click();
      await page
        .getByRole('dialog', { name: titleOf(files[1]) })
        .getByText('The summer at the lake')
        .waitFor();
      await page.keyboard.press('Escape');

      await panel.getByRole('button', { name: 'Clear finished' }).click();
      await panel.waitFor({ state: 'detached' });
      await strip.getByRole('button', { name: 'Dismiss Just uploaded' }).click();
      await strip.waitFor({ state: 'detached' });
    });
  });

  it('says "Already in the archive" for a file the member has, found before sending or by the archive', async () => {
    const known = await photo(`known-${Date.now()}.jpg`, 11);
    const twin = await photo(`twin-${Date.now()}.jpg`, 12);
    const item = await uploadMedia(
      rose.client,
      { type: 'photo', title: 'Known' },
      { bytes: known.buffer, name: known.name, type: known.mimeType },
    );
    await withPage(browser, PHONE, async (page) => {
      await openGallery(page, rose);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Media' });
      // The same bytes twice under two names: the archive keeps one and says the other is already there.
      await dialog.getByLabel('Files').setInputFiles([known, twin, { ...twin, name: `copy-of-${twin.name}` }]);
      await dialogsShown(page);
      await screenshot(page, 'upload-queue-dialog-phone');
      await dialog.getByRole('button', { name: 'Upload 3 files' }).click();

      const panel = panelOf(page);
      await panel.getByRole('button', { name: 'Show the uploads' }).click();
      const knownLink = panel.getByRole('link', { name: `Open ${known.name}` });
      await knownLink.waitFor();
      expect(await knownLink.getAttribute('href')).toBe(`/media/${item.id}`);
      await panel.getByText('All 3 done').waitFor();
      expect(await panel.getByText('Already in the archive').count()).toBe(2);
      expect(await panel.getByText('Upload Failed').count()).toBe(0);
      await screenshot(page, 'upload-queue-panel-phone');
    });
  });

  it('sends a batch of 50 at once: every file done, the one already there said so, all of them Just uploaded', async () => {
    const batcher = await registerPerson('uqb', 'Batch Uploads');
    const stamp = Date.now();
    // Small photos made here, JPEG and PNG, and real phone files; one of these the archive has already.
    const made: ChosenFile[] = await Promise.all(
      Array.from({ length: 47 }, async (_, i) =>
        i % 2 === 0
          ? { name: `batch-${i}-${stamp}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(i * 5, { width: 48 }) }
          : { name: `batch-${i}-${stamp}.png`, mimeType: 'image/png', buffer: png([i * 5, 200, 100], 16) },
      ),
    );
    const known = sample('libheif-example.heic');
    const real = [known, sample('xiaomi-grid.heic'), sample('iphone6-h264.MOV')];
    const item = await uploadMedia(
      batcher.client,
      { type: 'photo', title: 'Known from before' },
      { bytes: known.buffer, name: known.name, type: known.mimeType },
    );
    const files = [...made, ...real];
    expect(files).toHaveLength(50);
    const fresh = files.filter((file) => file !== known);

    await withPage(browser, DESKTOP, async (page) => {
      await openGallery(page, batcher);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Media' });
      await dialog.getByLabel('Files').setInputFiles(files);
      await dialog.getByRole('button', { name: 'Upload 50 files' }).click();
      await dialog.waitFor({ state: 'detached' });

      const panel = panelOf(page);
      await panel.getByText('All 50 done').waitFor({ timeout: 120_000 });
      expect(await panel.getByText('Done', { exact: true }).count()).toBe(49);
      expect(await panel.getByText('Already in the archive', { exact: true }).count()).toBe(1);
      expect(await panel.getByRole('button', { name: /^Retry / }).count()).toBe(0);
      const knownLink = panel.getByRole('link', { name: `Open ${known.name}` });
      expect(await knownLink.getAttribute('href')).toBe(`/media/${item.id}`);
      await screenshot(page, 'upload-queue-batch-desktop');

      // The 49 new items above the gallery, whatever their dates (the phone files are years old).
      const strip = page.getByRole('region', { name: 'Just uploaded' });
      await strip.getByRole('button', { name: `Open ${titleOf(fresh[fresh.length - 1])}` }).waitFor();
      expect(await strip.getByRole('listitem').count()).toBe(49);
      for (const file of fresh)
        expect(await strip.getByRole('button', { name: `Open ${titleOf(file)}` }).count()).toBe(1);
      // And the archive holds each once: the 49 and the one from before.
      const mine = await batcher.client.get(
        `/api/media?uploadedSince=${encodeURIComponent(new Date(stamp - 600_000).toISOString())}&limit=60`,
      );
      const titles = (mine.body.items as Array<{ title: string }>).map((entry) => entry.title).sort();
      expect(titles).toEqual([...fresh.map(titleOf), 'Known from before'].sort());

      // Fifty items dated today would fill the other tests' galleries (every member sees items in no album):
      // deleted for good, the shared test archive is as it was.
      const ids = (mine.body.items as Array<{ id: number }>).map((entry) => entry.id);
      const deleted = await batcher.client.post('/api/media/bulk', { action: 'delete', ids });
      expect(deleted.body.done).toHaveLength(50);
      expect((await batcher.client.delete('/api/trash')).status).toBe(204);
    });
  });

  it('takes files dropped anywhere on the gallery', async () => {
    const files = await Promise.all([21, 22].map((seed) => photo(`dropped-${seed}-${Date.now()}.jpg`, seed)));
    await withPage(browser, DESKTOP, async (page) => {
      await openGallery(page, rose);
      const payload = files.map((file) => ({
        name: file.name,
        type: file.mimeType,
        base64: file.buffer.toString('base64'),
      }));
      await page.evaluate((dropped) => {
        const transfer = new DataTransfer();
        for (const file of dropped) {
          const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
          transfer.items.add(new File([bytes], file.name, { type: file.type }));
        }
        (window as unknown as { __drop: DataTransfer }).__drop = transfer;
        document.body.dispatchEvent(new DragEvent('dragenter', { bubbles: true, dataTransfer: transfer }));
        document.body.dispatchEvent(new DragEvent('dragover', { bubbles: true, dataTransfer: transfer }));
      }, payload);
      await page.getByText('Drop photos and videos to upload them').waitFor();
      await screenshot(page, 'upload-queue-drop-desktop');
      await page.evaluate(() => {
        const transfer = (window as unknown as { __drop: DataTransfer }).__drop;
        document.body.dispatchEvent(new DragEvent('drop', { bubbles: true, dataTransfer: transfer }));
      });
      await page.getByText('Drop photos and videos to upload them').waitFor({ state: 'detached' });
      const dialog = page.getByRole('dialog', { name: 'Upload Media' });
      for (const file of files) await dialog.getByText(file.name).waitFor();
      await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
      for (const file of files)
        await panelOf(page)
          .getByRole('link', { name: `Open ${file.name}` })
          .waitFor();
    });
  });

  it("takes photos shared with the installed app (the service worker's share target), and resumes them after a reload without choosing them again", async () => {
    const big = await largePhoto(`shared-long-${Date.now()}.jpg`, 20);
    const files = [big, await photo(`shared-31-${Date.now()}.jpg`, 31)];
    await withPage(
      browser,
      PHONE,
      async (page) => {
        await openGallery(page, rose);
        // The service worker of the built app is running.
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });
        const manifest = await (await page.request.get('/manifest.webmanifest')).json();
        expect(manifest.share_target).toEqual({
          action: '/share',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { files: [{ name: 'media', accept: ['image/*', 'video/*'] }] },
        });
        // What a phone's Share does: a form POSTed to the share target's address.
        await page.evaluate(() => {
          const form = document.createElement('form');
          form.method = 'POST';
          form.enctype = 'multipart/form-data';
          form.action = '/share';
          form.id = 'share-form';
          const input = document.createElement('input');
          input.type = 'file';
          input.name = 'media';
          input.multiple = true;
          input.id = 'share-files';
          form.append(input);
          document.body.append(form);
        });
        await page.locator('#share-files').setInputFiles(files);
        await Promise.all([
          page.waitForURL(/\/share\?received=2$/),
          page.evaluate(() => (document.getElementById('share-form') as HTMLFormElement).submit()),
        ]);
        const dialog = page.getByRole('dialog', { name: 'Upload Media' });
        for (const file of files) await dialog.getByText(file.name).waitFor();
        // A reload before Upload finds the shared files still waiting: the inbox empties only once they are queued.
        await page.reload();
        for (const file of files) await dialog.getByText(file.name).waitFor();
        await dialogsShown(page);
        await screenshot(page, 'upload-queue-shared-phone');
        await uploadSpeed(page, 4 * 1024 * 1024);
        await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
        await page.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor();
        // Past the first chunk of 8 MB (40 % of 20 MB): the archive holds it. Then the page is reloaded.
        await page.waitForFunction((name) => {
          const bar = document.querySelector(`[aria-label="Upload progress of ${name}"]`);
          return Number(bar?.getAttribute('aria-valuenow')) >= 45;
        }, big.name);
        await uploadSpeed(page, null);
        const sent = countUploadRequests(page);
        await page.reload();

        // The shared file was kept in the browser: it goes on by itself, from where the archive was.
        const panel = panelOf(page);
        await panel.getByRole('button', { name: 'Show the uploads' }).click();
        await panel.getByRole('link', { name: `Open ${big.name}` }).waitFor({ timeout: 60_000 });
        await panel.getByText('All 1 done').or(panel.getByText('All 2 done')).waitFor();
        await screenshot(page, 'upload-queue-shared-resumed-phone');
        expect(await panel.getByText('choose the files again', { exact: false }).count()).toBe(0);
        expect(sent.created).toBe(0);
        expect(sent.patchOffsets[0]).toBeGreaterThanOrEqual(8 * 1024 * 1024);
        // Only the rest was sent: the file's bytes from the offset the archive held, not one more.
        expect(await sent.bytes()).toBe(big.buffer.length - sent.patchOffsets[0]);
        const list = await rose.client.get(`/api/media?uploadedSince=${new Date(Date.now() - 600_000).toISOString()}`);
        const titles = (list.body.items as Array<{ title: string }>).map((entry) => entry.title);
        for (const file of files) expect(titles.filter((title) => title === titleOf(file))).toHaveLength(1);
        // Queued, the files left the inbox: /share has nothing more to bring twice.
        await page.goto(new URL('/share', page.url()).href);
        await page.getByText('There is nothing waiting here', { exact: false }).waitFor();
      },
      'allow',
    );
  });

  it('after a reload lists the unfinished file, and resumes it from the bytes the archive holds', async () => {
    const big = await largePhoto(`long-${Date.now()}.jpg`, 20);
    // A file on disk, as a person's: chosen again, it has the same name, size and date, so it is recognised.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-queue-e2e-'));
    const onDisk = path.join(folder, big.name);
    fs.writeFileSync(onDisk, big.buffer);
    await withPage(browser, DESKTOP, async (page) => {
      await openGallery(page, rose);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Media' });
      await dialog.getByLabel('Files').setInputFiles(onDisk);
      await dialog.getByLabel('Title').fill('The long one');
      await uploadSpeed(page, 4 * 1024 * 1024);
      await dialog.getByRole('button', { name: 'Upload' }).click();
      // Past the first chunk of 8 MB (40% of 20 MB): the archive holds it.
      await page.waitForFunction((name) => {
        const bar = document.querySelector(`[aria-label="Upload progress of ${name}"]`);
        return Number(bar?.getAttribute('aria-valuenow')) >= 45;
      }, big.name);
      await uploadSpeed(page, null);

      await page.reload();
      const panel = panelOf(page);
      await panel.getByText('Paused — choose the files again to resume').waitFor();
      await panel.getByText(big.name).waitFor();
      await screenshot(page, 'upload-queue-after-reload-desktop');

      const offsets: number[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && request.url().includes('/api/uploads/'))
          offsets.push(Number(request.headers()['upload-offset']));
      });
      await panel.getByLabel('Choose the files again').setInputFiles(onDisk);
      await panel.getByRole('link', { name: `Open ${big.name}` }).waitFor({ timeout: 60_000 });
      // It went on from where the archive was, not from the first byte.
      expect(offsets.length).toBeGreaterThan(0);
      expect(offsets[0]).toBeGreaterThanOrEqual(8 * 1024 * 1024);
      const list = await rose.client.get(`/api/media?uploadedSince=${new Date(Date.now() - 600_000).toISOString()}`);
      const titles = (list.body.items as Array<{ title: string }>).map((entry) => entry.title);
      expect(titles.filter((title) => title === 'The long one')).toHaveLength(1);
    });
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
