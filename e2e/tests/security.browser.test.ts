import type { Browser, Page } from 'playwright-core';
import { registerPerson, type Person } from '../support/api';
import { DESKTOP, PHONE, launchBrowser, signIn, withPage } from '../support/browser';
import { pngFile, uploadMedia } from '../support/media';

/**
 * Every screen of the built app under the archive's Content-Security-Policy: the browser must report no
 * violation at all (a refused script or style would also break the screen).
 */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])),
  ];
}

describe('the web app under its Content-Security-Policy (Chromium)', () => {
  let browser: Browser;
  let rose: Person;
  let tom: Person;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
    rose = await registerPerson('csp', `Rose ${run}`);
    tom = await registerPerson('cspt', `Tom ${run}`);
    const photo = await uploadMedia(rose.client, { type: 'photo', title: `Garden ${run}` }, pngFile([20, 120, 40]));
    await rose.client.post(`/api/media/${photo.id}/tags`, { userId: tom.id });
    await rose.client.post('/api/albums', { name: `Summer ${run}`, description: 'Trips', isShared: true });
    await rose.client.post('/api/memories', { title: 'First day', content: 'School, 1955.' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('shows every screen without one violation, on a %s', async (_name, viewport) => {
    await withPage(browser, viewport, async (page) => {
      const violations = await watchPolicy(page);
      const first = await page.goto('/');
      expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      await page.getByRole('button', { name: 'Need an account?' }).click();
      await page.getByRole('button', { name: 'Create Account' }).waitFor();

      await signIn(page, rose);
      await page.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor();
      const photo = page.getByRole('article', { name: `Garden ${run}` });
      await photo.getByRole('img', { name: `Garden ${run}` }).waitFor();
      await photo.getByRole('button', { name: `Open Garden ${run}` }).click();
      await page
        .getByRole('dialog', { name: `Garden ${run}` })
        .getByRole('img')
        .first()
        .waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByRole('dialog', { name: 'Upload Media' }).waitFor();
      await page.keyboard.press('Escape');

      for (const [path, heading] of [
        ['/albums', 'Albums'],
        ['/family', 'Family Tree'],
        ['/profile', rose.displayName],
        [`/profile/${tom.id}`, tom.displayName],
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      }
      for (const path of [
        `/profile/${rose.id}/uploaded`,
        `/profile/${tom.id}/tagged`,
        `/profile/${rose.id}/memories`,
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
      }
      await page.goto('/no-such-page');
      await page
        .getByText(/not found|doesn.t exist/i)
        .first()
        .waitFor();
      await page.goto('/albums');
      await page.getByRole('button', { name: 'Create Album' }).first().click();
      await page.getByRole('dialog', { name: 'Create Album' }).waitFor();
      await page.keyboard.press('Escape');

      expect(await violations()).toEqual([]);
    });
  });

  it('signs out everywhere from the profile, after asking', async () => {
    const person = await registerPerson('cspout', `Out ${run}`);
    await withPage(browser, DESKTOP, async (page) => {
      const violations = await watchPolicy(page);
      await signIn(page, person);
      await page.goto('/profile');
      const card = page.getByRole('region', { name: 'Sign out everywhere' });
      await card.getByRole('button', { name: 'Sign out everywhere' }).click();
      const confirm = page.getByRole('dialog', { name: 'Sign out everywhere?' });
      await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
      await page.getByText('Signed out everywhere').first().waitFor();
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      expect(await violations()).toEqual([]);
    });
    // The session the API client held has ended too.
    expect((await person.client.get('/api/user')).status).toBe(401);
  });
});
