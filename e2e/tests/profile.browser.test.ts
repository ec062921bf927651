import type { Browser } from 'playwright-core';
import { ApiClient, registerPerson, type Person } from '../support/api';
import { DESKTOP, PHONE, launchBrowser, openAs, screenshot, withPage } from '../support/browser';

/** A birthday 70 years and about two weeks ago: the age is 70 in every time zone. */
function birthdaySeventyYearsAgo(): string {
  const day = new Date(Date.now() - 15 * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getUTCFullYear() - 70}-${pad(day.getUTCMonth() + 1)}-${pad(Math.min(day.getUTCDate(), 28))}`;
}

/** A small real PNG (24 x 16 px). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGklEQVQ4y2M4EWVDFcQwatCoQaMGjRpEGQIAxMINH21fHdcAAAAASUVORK5CYII=',
  'base64',
);

describe('profiles and memories in a browser', () => {
  let browser: Browser;
  let rose: Person;
  let tom: Person;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
    rose = await registerPerson('prof', `Rose ${run}`);
    tom = await registerPerson('tom', `Tom ${run}`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('edits the birthday (and shows the age), the email and the story, with Cancel reverting', async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openAs(page, rose, '/profile');
      await page.getByRole('heading', { level: 1, name: rose.displayName }).waitFor();
      const profile = page.getByRole('region', { name: 'Profile' });

      await profile.getByRole('button', { name: 'Edit birthday' }).click();
      await profile.getByLabel('Birthday').fill(birthdaySeventyYearsAgo());
      await profile.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Profile updated successfully').waitFor();
      await profile.getByText('Age 70').waitFor();

      await profile.getByRole('button', { name: 'Edit email' }).click();
      await profile.getByLabel('Email').fill('rose@garden');
      await profile.getByRole('button', { name: 'Save' }).click();
      await profile.getByText('Please enter a valid email address').waitFor();
      await profile.getByLabel('Email').fill('rose@example.org');
      await profile.getByRole('button', { name: 'Save' }).click();
      await profile.getByText('rose@example.org').waitFor();

      await profile.getByRole('button', { name: 'Edit email' }).click();
      await profile.getByLabel('Email').fill('someone.else@example.org');
      await profile.getByRole('button', { name: 'Cancel' }).click();
      await profile.getByText('rose@example.org').waitFor();

      const story = page.getByRole('region', { name: 'Story' });
      await story.getByRole('button', { name: 'Write your story' }).click();
      await story.getByLabel('Your story').fill('I grew up by the sea.');
      await story.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Your story has been updated').waitFor();
      await story.getByText('I grew up by the sea.').waitFor();
      await story.getByRole('button', { name: 'Edit story' }).click();
      await story.getByLabel('Your story').fill('Not what I meant to write');
      await story.getByRole('button', { name: 'Cancel' }).click();
      await story.getByText('I grew up by the sea.').waitFor();
      expect(await story.getByText('Not what I meant to write').count()).toBe(0);

      // All of it is kept: a fresh load shows the same.
      await page.reload();
      await profile.getByText('Age 70').waitFor();
      await profile.getByText('rose@example.org').waitFor();
      await story.getByText('I grew up by the sea.').waitFor();
      await page.getByText('No memories yet. Add the first one!').waitFor();
      await screenshot(page, 'profile-own-desktop');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'profile-own-phone');
    });
  });

  it('changes the profile picture and refuses a file that is not an image', async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openAs(page, rose, '/profile');
      const picture = page.getByLabel('Change picture');

      await picture.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
      await page.getByText('Only image files are allowed').waitFor();

      await picture.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await page.getByText('Profile picture updated successfully').waitFor();
      const avatar = page.getByRole('img', { name: `Profile picture of ${rose.displayName}` });
      await avatar.waitFor();
      expect(await avatar.getAttribute('src')).toMatch(new RegExp(`^/api/users/${rose.id}/picture\\?v=\\d+$`));
      await page.waitForFunction((alt) => {
        const img = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`);
        return !!img && img.complete && img.naturalWidth === 512 && img.naturalHeight === 512;
      }, `Profile picture of ${rose.displayName}`);
      await screenshot(page, 'profile-picture-changed');
    });
  });

  it("adds and deletes memories, and 'See All' leads to every memory and back", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      for (const title of ['First day of school', 'Our wedding', 'The old farm']) {
        const response = await rose.client.post('/api/memories', { title, content: `All about ${title}.` });
        expect(response.status).toBe(201);
      }
      await openAs(page, rose, '/profile');
      const memories = page.getByRole('region', { name: 'Memories' });
      await memories.getByRole('heading', { name: 'The old farm' }).waitFor();
      expect(await memories.getByRole('link', { name: 'See All' }).count()).toBe(0);

      await memories.getByRole('button', { name: 'Add memory' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a memory' });
      await dialog.getByRole('button', { name: 'Add memory' }).click();
      await dialog.getByText('Please enter a title for your memory').waitFor();
      await dialog.getByText('Please enter your memory').waitFor();
      await dialog.getByLabel('Title').fill('Summer at the lake');
      await dialog.getByLabel('Memory').fill('We swam every morning before breakfast.');
      await screenshot(page, 'profile-add-memory-dialog');
      await dialog.getByRole('button', { name: 'Add memory' }).click();
      await page.getByText('Memory added successfully').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await memories.getByRole('heading', { name: 'Summer at the lake' }).waitFor();
      // Four memories: the card shows three and links to all.
      expect(await memories.getByRole('article').count()).toBe(3);

      await memories.getByRole('link', { name: 'See All' }).click();
      await page.waitForURL(`**/profile/${rose.id}/memories`);
      await page.getByRole('heading', { level: 1, name: 'Memories' }).waitFor();
      await page.getByRole('heading', { name: 'First day of school' }).waitFor();
      expect(await page.getByRole('article').count()).toBe(4);
      await screenshot(page, 'profile-memories-page');

      await page.getByRole('button', { name: 'Delete memory "Our wedding"' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete memory' });
      await confirm.getByText('Are you sure you want to delete this memory? This action cannot be undone.').waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Memory deleted successfully').waitFor();
      await confirm.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Our wedding' }).waitFor({ state: 'detached' });
      expect(await page.getByRole('article').count()).toBe(3);

      await page.getByRole('link', { name: 'Back to your profile' }).click();
      await page.waitForURL(`**/profile/${rose.id}`);
      await page.getByRole('heading', { level: 1, name: rose.displayName }).waitFor();
      expect(await page.getByRole('region', { name: 'Memories' }).getByRole('link', { name: 'See All' }).count()).toBe(
        0,
      );
    });
  });

  it("shows another person's profile read-only, with the way back to the tree and Add Relation", async () => {
    await rose.client.post('/api/users/story', { story: 'Rose wrote this.' });
    await withPage(browser, PHONE, async (page) => {
      await openAs(page, tom, `/profile/${rose.id}`);
      await page.getByRole('heading', { level: 1, name: rose.displayName }).waitFor();
      await page.getByText('Rose wrote this.').waitFor();
      await page.getByRole('button', { name: 'Add Relation' }).waitFor();
      for (const name of [/^Edit/, 'Change picture', 'Add memory', /^Delete memory/, 'Delete account']) {
        expect(await page.getByRole('button', { name }).count()).toBe(0);
      }
      await screenshot(page, 'profile-other-phone');

      await page.getByRole('link', { name: 'Back to Family Tree' }).click();
      await page.waitForURL('**/family');
      await page.getByRole('heading', { level: 1, name: 'Family Tree' }).waitFor();
    });
  });

  it('deletes a throwaway account after asking, and shows the auth screen', async () => {
    const throwaway = await registerPerson('gone', `Gone ${run}`);
    await throwaway.client.post('/api/memories', { title: 'Soon gone', content: 'This goes with the account.' });
    await withPage(browser, DESKTOP, async (page) => {
      await openAs(page, throwaway, '/profile');
      const section = page.getByRole('region', { name: 'Delete account' });
      await section.getByRole('button', { name: 'Delete account' }).click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
      await confirm
        .getByText(
          'This action cannot be undone. This will permanently delete your account and remove your data from our servers.',
        )
        .waitFor();
      await screenshot(page, 'profile-delete-account-confirm');
      await confirm.getByRole('button', { name: 'Delete account' }).click();
      await page.getByText('Account deleted successfully').waitFor();
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();

      const again = await new ApiClient().post('/api/login', {
        username: throwaway.username,
        password: throwaway.password,
        displayName: throwaway.username,
      });
      expect(again.status).toBe(401);
      expect((await tom.client.get(`/api/users/${throwaway.id}`)).status).toBe(404);
      expect((await tom.client.get(`/api/memories?userId=${throwaway.id}`)).status).toBe(404);
    });
  });
});
