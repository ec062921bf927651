import type { Browser, Page } from 'playwright-core';
import { registerPerson } from '../support/api';
import {
  dialogsShown,
  expectNoSeriousAxeViolations,
  launchBrowser,
  screenshot,
  signIn,
  withPage,
} from '../support/browser';
import { jpeg, uploadMedia, waitPrepared } from '../support/media';

const LAPTOP = { width: 1366, height: 900 };

/** The cards of the list in the order they are shown, by title. */
const cardTitles = (page: Page) =>
  page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));

describe('old photos in a browser: uncertain dates', () => {
  let browser: Browser;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('dates three scans "1950s" at once, then one "about 1955" with the hint from Anna, born later', async () => {
    const rose = await registerPerson('orose', `Rose ${run}`);
    const upload = async (title: string, mediaDate: string, shade: number) =>
      (
        await uploadMedia(
          rose.client,
          { type: 'photo', title: `${title} ${run}`, mediaDate },
          { bytes: await jpeg(shade, { width: 160, height: 120 }), name: `${title}.jpg`, type: 'image/jpeg' },
        )
      ).id as number;
    // Taken by the Eiffel Tower: the worker names the place while the rest goes on.
    const tower = (
      await uploadMedia(
        rose.client,
        { type: 'photo', title: `Tower ${run}`, mediaDate: '2019-05-01' },
        {
          bytes: await jpeg(230, { width: 160, height: 120, gps: { latitude: 48.8584, longitude: 2.2945 } }),
          name: 'tower.jpg',
          type: 'image/jpeg',
        },
      )
    ).id as number;
    await upload('Garden', '1954-06-01', 30);
    await upload('Wedding', '1956-06-01', 70);
    const scanA = await upload('Scan A', '2026-01-03', 110);
    await upload('Scan B', '2026-01-02', 150);
    await upload('Scan C', '2026-01-01', 190);
    const anna = await rose.client.post<{ id: number }>('/api/people', {
      givenName: 'Anna',
      surname: `Kowal ${run}`,
      birth: { date: '1958', place: null },
    });
    expect((await rose.client.post(`/api/media/${scanA}/tags`, { userId: anna.body.id })).status).toBe(201);
    expect((await rose.client.get(`/api/media/${scanA}/date-hint`)).body.after).toMatchObject({ year: '1958' });
    const title = (name: string) => `${name} ${run}`;

    await withPage(browser, LAPTOP, async (page) => {
      await signIn(page, rose);
      await page.goto(`/profile/${rose.id}/uploaded`);
      await page.getByRole('checkbox', { name: `Select ${title('Scan A')}` }).click();
      await page.getByRole('checkbox', { name: `Select ${title('Scan C')}` }).click({ modifiers: ['Shift'] });
      const bar = page.getByRole('toolbar', { name: 'Selected items' });
      await bar.getByText('3 selected').waitFor();
      await bar.getByRole('button', { name: 'Set date' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set date' });
      await dialog.getByRole('textbox', { name: 'Roughly when' }).fill('1950s');
      await dialog.getByText('Shown as “1950s”').waitFor();
      await dialogsShown(page);
      await screenshot(page, 'old-photos-bulk-date');
      await dialog.getByRole('button', { name: 'Set date' }).click();
      await page.getByText('Dated 3 items').waitFor();
      await page.getByRole('button', { name: `Open ${title('Scan B')}, 1950s` }).waitFor();
      // Sorted at the middle of the 1950s: after 1956, before June 1954.
      expect(await cardTitles(page)).toEqual(
        ['Tower', 'Wedding', 'Scan C', 'Scan B', 'Scan A', 'Garden'].map((name) => title(name)),
      );

      await page.getByRole('button', { name: `Open ${title('Scan A')}, 1950s` }).click();
      const detail = page.getByRole('dialog', { name: new RegExp(title('Scan A')) });
      await detail.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit media' });
      await edit.getByText(`after 1958: Anna Kowal ${run} is in it`).waitFor();
      const roughly = edit.getByRole('textbox', { name: 'Roughly when' });
      expect(await roughly.inputValue()).toBe('1950s');
      await roughly.fill('about 1955');
      await edit.getByText('The date does not fit the people in it').waitFor();
      await screenshot(page, 'old-photos-date-hint');
      await edit.getByRole('button', { name: 'Save' }).click();
      await detail.getByText('about 1955', { exact: true }).waitFor();
      await detail.getByRole('button', { name: 'Close' }).click();
      await detail.waitFor({ state: 'detached' });

      // The place the worker found shows beside the date, and the search by place finds the photo.
      await waitPrepared(rose.client, tower);
      await page.goto(`/profile/${rose.id}/uploaded`);
      await page.getByRole('button', { name: new RegExp(`^Open ${title('Tower')}, .*2019$`) }).click();
      const towerDetail = page.getByRole('dialog', { name: new RegExp(title('Tower')) });
      await towerDetail.getByText(/2019 · Paris, France$/).waitFor();
      await dialogsShown(page);
      await screenshot(page, 'old-photos-place');

      // The place leads to the Places view: a world map with the place chosen, and its photos listed below.
      await towerDetail.getByRole('link', { name: 'Paris, France' }).click();
      await page.getByRole('heading', { name: 'Places' }).waitFor();
      const map = page.getByRole('group', { name: 'World map of places' });
      const paris = map.getByRole('button', { name: /^Paris, France, \d+ items?$/ });
      expect(await paris.getAttribute('aria-pressed')).toBe('true');
      const listed = page.getByRole('region', { name: 'Taken in Paris, France' });
      await listed.getByRole('article', { name: title('Tower') }).waitFor();
      await expectNoSeriousAxeViolations(page, 'places');
      await screenshot(page, 'old-photos-places-map');
    });
    const inParis = await rose.client.get(`/api/media?q=${run}&place=Paris`);
    expect(inParis.body.items.map((item: { id: number }) => item.id)).toEqual([tower]);
    const page = await rose.client.get(`/api/media?q=${run}&from=1955&to=1955`);
    expect(page.body.items.map((item: { title: string }) => item.title)).toEqual([
      title('Scan A'),
      title('Scan C'),
      title('Scan B'),
    ]);
  }, 120_000);
});
