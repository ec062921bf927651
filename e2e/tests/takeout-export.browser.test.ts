import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { registerPerson, type Person } from '../support/api';
import { DESKTOP, PHONE, launchBrowser, openAs, screenshot, withPage } from '../support/browser';
import { jpeg, uploadForm, uploadMedia, waitPrepared } from '../support/media';

/** Starts an export on one's own profile, waits for its Download link and saves the ZIP it gives. */
async function exportAndDownload(page: Page, scope: string, zipFile: string, shot: string): Promise<void> {
  const card = page.getByRole('region', { name: 'Download everything' });
  await card.getByRole('radio', { name: scope }).check();
  const earlier = await card.getByRole('link', { name: 'Download' }).count();
  await card.getByRole('button', { name: 'Start export' }).click();
  await page.getByText('Export started').waitFor();
  const exports = card.getByRole('list', { name: 'Your exports' });
  await exports.getByRole('link', { name: 'Download' }).nth(earlier).waitFor({ timeout: 60_000 });
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, shot);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exports.getByRole('link', { name: 'Download' }).first().click(),
  ]);
  await download.saveAs(zipFile);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
}

describe('Download everything in a browser, and the ZIP opened without the archive', () => {
  let browser: Browser;
  let anna: Person;
  let workDir: string;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
    anna = await registerPerson('takeoutb', `Anna ${run}`);
    const ben = await registerPerson('takeoutb', `Ben ${run}`);
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'takeout-browser-'));
    expect((await anna.client.post('/api/family', { toUserId: ben.id, relationType: 'child' })).status).toBe(201);
    // Ben's sister, with dates a genealogy program writes: a range and a qualifier.
    const cleo = await anna.client.post<{ id: number }>('/api/people', {
      givenName: 'Cleo',
      surname: run,
      birth: { date: 'BET 1942 AND 1944', place: null },
      death: { date: 'BEF 2010', place: null },
    });
    expect(cleo.status).toBe(201);
    expect((await anna.client.post('/api/family', { toUserId: cleo.body.id, relationType: 'child' })).status).toBe(201);
    const album = await anna.client.post('/api/albums', { name: `Seaside ${run}`, isShared: false });
    const photo = await uploadMedia(
      anna.client,
      { type: 'photo', title: 'Sandcastle', mediaDate: '2018-08-02', albumId: String(album.body.id) },
      { bytes: await jpeg(44, { width: 160, height: 120 }), name: 'sand.jpg', type: 'image/jpeg' },
    );
    await uploadMedia(
      anna.client,
      { type: 'photo', title: 'Snow day #2 100%', mediaDate: '2021-01-09' },
      { bytes: await jpeg(45, { width: 160, height: 120 }), name: 'snow.jpg', type: 'image/jpeg' },
    );
    const picture = uploadForm({}, { bytes: await jpeg(46), name: 'me.jpg', type: 'image/jpeg' });
    expect((await anna.client.post('/api/users/profile-picture', picture)).status).toBe(200);
    await waitPrepared(anna.client, photo.id);
  });

  afterAll(async () => {
    await browser?.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('exports my things on a phone, and the unzipped index.html shows years, albums, people and the tree', async () => {
    const zipFile = path.join(workDir, 'phone.zip');
    await withPage(browser, PHONE, async (page) => {
      await openAs(page, anna, '/profile');
      await exportAndDownload(
        page,
        'My things: what I uploaded, my profile and albums',
        zipFile,
        'takeout-profile-phone',
      );
    });
    const folder = path.join(workDir, 'phone');
    execFileSync('unzip', ['-q', zipFile, '-d', folder]);

    await withPage(browser, PHONE, async (page) => {
      await page.goto(pathToFileURL(path.join(folder, 'index.html')).href);
      await page.getByRole('heading', { level: 1, name: 'Family archive' }).waitFor();
      await page.getByRole('heading', { name: '2021 (1)' }).waitFor();
      await page.getByRole('heading', { name: '2018 (1)' }).waitFor();
      // The thumbnails come from thumbs/ beside the page.
      await page.waitForFunction(() => [...document.images].some((image) => image.complete && image.naturalWidth > 0));
      await screenshot(page, 'takeout-index-years-phone');
      // Each card opens its original, even with # and % in its name.
      const href = await page.getByRole('link', { name: /Snow day #2 100%/ }).getAttribute('href');
      const target = decodeURIComponent(new URL(href!, pathToFileURL(path.join(folder, 'index.html'))).pathname);
      expect(fs.existsSync(target)).toBe(true);
      expect(target).toMatch(/Snow day #2 100% \(\d+\)\.jpg$/);
      await page.getByRole('tab', { name: 'Albums' }).click();
      await page.getByRole('heading', { name: `Seaside ${run}` }).waitFor();
      await page.getByRole('tab', { name: 'People' }).click();
      await page.getByRole('button', { name: new RegExp(`Anna ${run}`) }).click();
      await page.getByRole('heading', { name: 'Family tree' }).waitFor();
      await page.getByRole('region', { name: 'Children' }).getByText(`Ben ${run}`).waitFor();
      await screenshot(page, 'takeout-index-tree-phone');
      // Ben's tree shows his sister, her years as the web app writes them, and her dates in words.
      await page
        .getByRole('region', { name: 'Children' })
        .getByRole('button', { name: `Ben ${run}` })
        .click();
      const sister = page.getByRole('region', { name: 'Siblings' }).getByRole('button', { name: `Cleo ${run}` });
      expect(await sister.textContent()).toBe(`Cleo ${run} (1942/1944 – before 2010)`);
      await sister.click();
      const centre = page.getByRole('region', { name: 'Person' });
      await centre.getByText('Born between 1942 and 1944 · Died before 2010').waitFor();
      await page.getByRole('region', { name: 'Siblings' }).getByText(`Ben ${run}`).waitFor();
      await screenshot(page, 'takeout-index-siblings-phone');
    });
  });

  it('exports everything I can see on a desktop, and lists the earlier export with its expiry', async () => {
    const zipFile = path.join(workDir, 'desktop.zip');
    await withPage(browser, DESKTOP, async (page) => {
      await openAs(page, anna, '/profile');
      await exportAndDownload(page, 'Everything I can see in the archive', zipFile, 'takeout-profile-desktop');
      const exports = page.getByRole('list', { name: 'Your exports' });
      expect(await exports.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
      await exports
        .getByText(/kept until/)
        .first()
        .waitFor();
    });
    const folder = path.join(workDir, 'desktop');
    execFileSync('unzip', ['-q', zipFile, '-d', folder]);
    await withPage(browser, DESKTOP, async (page) => {
      await page.goto(pathToFileURL(path.join(folder, 'index.html')).href);
      // Everything Anna sees: other members' items in no album too.
      await page.getByRole('heading', { name: /^2018 \(\d+\)$/ }).waitFor();
      await screenshot(page, 'takeout-index-years-desktop');
      await page.getByRole('tab', { name: 'Albums' }).click();
      await page.getByRole('heading', { name: `Seaside ${run}` }).waitFor();
      await screenshot(page, 'takeout-index-albums-desktop');
    });
  });
});
