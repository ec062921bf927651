import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { registerPerson, type Person } from '../support/api';
import { DESKTOP, PHONE, dialogsShown, launchBrowser, logInInBrowser, screenshot, withPage } from '../support/browser';
import { uploadMedia } from '../support/media';
import { pickPerson } from '../support/person-picker';

/** A photo of a few MB (noise does not compress), taken on 20 August 2015 by its EXIF data. */
async function photoFile(dir: string): Promise<string> {
  const file = path.join(dir, 'garden-party.jpg');
  await sharp({
    create: {
      width: 2400,
      height: 1600,
      channels: 3,
      background: '#3a7d44',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 95 })
    .withExif({ IFD2: { DateTimeOriginal: '2015:08:20 16:00:00' } })
    .toFile(file);
  return file;
}

/** Three seconds of a tone: a WAV is a 44-byte header and the samples. */
function wav(seconds = 3): Buffer {
  const samples = 8000 * seconds;
  const buffer = Buffer.alloc(44 + samples);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples, 4);
  buffer.write('WAVEfmt ', 8, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(8000, 24);
  buffer.writeUInt32LE(8000, 28);
  buffer.writeUInt16LE(1, 32);
  buffer.writeUInt16LE(8, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) buffer[44 + i] = 128 + Math.round(90 * Math.sin((2 * Math.PI * 440 * i) / 8000));
  return buffer;
}

/** Signs in and waits for the gallery, the home page. */
async function openGallery(page: Page, person: Person) {
  await logInInBrowser(page, person.username, person.password);
  await page.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor();
}

describe('media in a browser', () => {
  let browser: Browser;
  let rose: Person;
  let tom: Person;
  let tmp: string;
  const run = Date.now().toString(36);
  const photoTitle = `Garden party ${run}`;
  const songTitle = `Lullaby ${run}`;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'media-e2e-'));
    browser = await launchBrowser();
    rose = await registerPerson('mrose', `Rose ${run}`);
    tom = await registerPerson('mtom', `Tom ${run}`);
    await uploadMedia(
      tom.client,
      { type: 'audio', title: songTitle },
      { bytes: wav(), name: 'lullaby.wav', type: 'audio/wav' },
    );
  });

  afterAll(async () => {
    await browser?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('uploads a photo with a progress bar, shows its thumbnail, finds it, edits it and tags a relative', async () => {
    await withPage(browser, DESKTOP, async (page, context) => {
      await openGallery(page, rose);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Media' });
      await dialog.getByRole('button', { name: 'Upload' }).click();
      await dialog.getByText('Please select a file to upload').waitFor();
      await dialog.getByLabel('Files').setInputFiles(await photoFile(tmp));
      await dialog.getByLabel('Title').fill(photoTitle);
      await dialog.getByLabel('Description').fill('Everyone in the garden');
      await dialogsShown(page);
      await screenshot(page, 'media-upload-dialog-desktop');

      // A slow line, so the bar is there to be seen: in the uploads panel, which stays while one browses.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 1.5 * 1024 * 1024,
      });
      await dialog.getByRole('button', { name: 'Upload' }).click();
      const panel = page.getByRole('region', { name: 'Uploads' });
      await panel.getByRole('progressbar', { name: 'Upload progress of garden-party.jpg' }).waitFor();
      await page.waitForFunction(() => {
        const value = document
          .querySelector('[aria-label="Upload progress of garden-party.jpg"]')
          ?.getAttribute('aria-valuenow');
        return Number(value) > 0 && Number(value) < 100;
      });
      await screenshot(page, 'media-upload-progress-desktop');
      await panel.getByRole('link', { name: 'Open garden-party.jpg' }).waitFor();
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await panel.getByRole('button', { name: 'Clear finished' }).click();

      // The grid shows the thumbnail, never the original.
      const card = page.getByRole('article', { name: photoTitle });
      const thumbnail = card.getByRole('img', { name: photoTitle });
      await thumbnail.waitFor();
      expect(await thumbnail.getAttribute('src')).toMatch(/^\/api\/media\/\d+\/thumbnail$/);
      await page.waitForFunction((title) => {
        const image = document.querySelector<HTMLImageElement>(`img[alt="${title}"]`);
        return image !== null && image.complete && image.naturalWidth === 480;
      }, photoTitle);
      // The thumbnail carries no words: its button names the title and the date.
      await card.getByRole('button', { name: `Open ${photoTitle}, August 20, 2015` }).waitFor();
      await screenshot(page, 'media-gallery-desktop');

      // Search on the server, then the type filter.
      await page.getByRole('button', { name: 'Search and filter' }).click();
      await page.getByPlaceholder('Search media...').fill(`party ${run}`);
      await page.getByRole('article', { name: songTitle }).waitFor({ state: 'detached' });
      await card.waitFor();
      await page.getByPlaceholder('Search media...').fill(run);
      await page.getByRole('article', { name: songTitle }).waitFor();
      await page.getByLabel('Type').selectOption({ label: 'Audio' });
      await card.waitFor({ state: 'detached' });
      await page.getByRole('article', { name: songTitle }).waitFor();
      await page.getByLabel('Type').selectOption({ label: 'Photos' });
      await card.waitFor();

      // Open it, edit it.
      await card.getByRole('button', { name: `Open ${photoTitle}` }).click();
      let detail = page.getByRole('dialog', { name: photoTitle });
      await detail.getByRole('img', { name: photoTitle }).waitFor();
      await detail.getByText(`Uploaded by Rose ${run}`).waitFor();
      await detail.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit media' });
      await edit.getByPlaceholder('Enter title').fill(`${photoTitle} (2015)`);
      await edit.getByPlaceholder('Enter description').fill('Grandpa lit the lanterns');
      await dialogsShown(page);
      await screenshot(page, 'media-edit-desktop');
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Media updated successfully').waitFor();
      detail = page.getByRole('dialog', { name: `${photoTitle} (2015)` });
      await detail.getByText('Grandpa lit the lanterns').waitFor();

      // Tag Tom.
      await detail.getByRole('button', { name: 'Tag users' }).click();
      const tagging = page.getByRole('dialog', { name: 'Tag Users' });
      expect(await tagging.getByRole('button', { name: 'Tag User' }).isDisabled()).toBe(true);
      await pickPerson(page, tagging.getByRole('combobox', { name: 'Person to tag' }), `Tom ${run}`, `Tom ${run}`);
      await dialogsShown(page);
      await screenshot(page, 'media-tag-users-desktop');
      await tagging.getByRole('button', { name: 'Tag User' }).click();
      await page.getByText('User tagged successfully').waitFor();
      await tagging.waitFor({ state: 'detached' });
      await detail.getByText(`Tagged: Tom ${run}`).waitFor();
      await dialogsShown(page);
      await screenshot(page, 'media-detail-desktop');
    });
  });

  it('on a phone: the tagged person finds the photo, and plays a recording with seeking', async () => {
    await withPage(browser, PHONE, async (page) => {
      await openGallery(page, tom);
      await page
        .getByRole('article', { name: `${photoTitle} (2015)` })
        .getByRole('img', { name: `${photoTitle} (2015)` })
        .waitFor();
      await screenshot(page, 'media-gallery-phone');

      await page.goto(`/profile/${tom.id}/tagged`);
      await page.getByRole('heading', { level: 1, name: 'Tagged Media' }).waitFor();
      await page.getByRole('link', { name: `Back to Tom ${run}'s profile` }).waitFor();
      await page.getByRole('article', { name: `${photoTitle} (2015)` }).waitFor();
      await screenshot(page, 'media-tagged-page-phone');

      await page.goto('/');
      await page.getByRole('button', { name: `Open ${songTitle}` }).click();
      const detail = page.getByRole('dialog', { name: songTitle });
      const player = detail.getByLabel(songTitle);
      await player.waitFor();
      // Play, then jump ahead: the file route's Range answers let the browser seek.
      const played = await player.evaluate(async (element) => {
        const audio = element as HTMLAudioElement;
        audio.muted = true;
        await audio.play();
        await new Promise((resolve) => setTimeout(resolve, 400));
        audio.currentTime = 2;
        await new Promise((resolve) => audio.addEventListener('seeked', resolve, { once: true }));
        return { duration: audio.duration, position: audio.currentTime, seekable: audio.seekable.length };
      });
      expect(played.duration).toBeCloseTo(3, 1);
      expect(played.position).toBeGreaterThanOrEqual(2);
      expect(played.seekable).toBe(1);
      await dialogsShown(page);
      await screenshot(page, 'media-audio-detail-phone');
    });
  });

  it('deletes the photo after asking', async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openGallery(page, rose);
      const card = page.getByRole('article', { name: `${photoTitle} (2015)` });
      await card.getByRole('button', { name: `Open ${photoTitle} (2015)` }).click();
      await page
        .getByRole('dialog', { name: `${photoTitle} (2015)` })
        .getByRole('button', { name: 'Delete' })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this media item?' });
      await dialogsShown(page);
      await screenshot(page, 'media-delete-confirm-desktop');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Moved to the trash').waitFor();
      await card.waitFor({ state: 'detached' });
    });
  });
});
