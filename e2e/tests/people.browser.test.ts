import type { Browser, Page } from 'playwright-core';
import { registerPerson, uniqueName, type Person } from '../support/api';
import { DESKTOP, PHONE, launchBrowser, openAs, screenshot, withPage } from '../support/browser';
import { pngFile, uploadMedia } from '../support/media';

/** Adds a person without an account through the People page's dialog; ends on their profile. */
async function addPerson(page: Page, fields: { given: string; surname: string; birth?: string }) {
  await page.goto('/people');
  await page.getByRole('button', { name: 'Add person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a person' });
  await dialog.getByLabel('Given name').fill(fields.given);
  await dialog.getByLabel('Surname').fill(fields.surname);
  if (fields.birth) await dialog.getByLabel('Birth date').fill(fields.birth);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('heading', { level: 1, name: `${fields.given} ${fields.surname}` }).waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

// One known flake: on a phone, once in several full runs, a person just added is missing from the People search
// for 30 s (docs/planned.md "Known flakes"). A second try shows whether it is that or a real break.
jest.retryTimes(1, { logErrorsBeforeRetry: true });

describe('people without accounts in a browser', () => {
  let browser: Browser;
  let me: Person;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
    me = await registerPerson('people', `Keeper ${run}`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('builds a family through the screens and undoes a change (%s)', async (name, viewport) => {
    await withPage(browser, viewport, async (page) => {
      await openAs(page, me, '/people');
      const surname = `Lis${run}${name}`;
      await addPerson(page, { given: 'Maria', surname, birth: 'ABT 1890' });
      const profile = page.getByRole('region', { name: 'Profile' });
      await profile.getByText('born about 1890').waitFor();

      // Her daughter through Add Relation, which opens on a new person without an account.
      await page.getByRole('button', { name: 'Add Relation' }).click();
      const relative = page.getByRole('dialog', { name: 'Add Family Member' });
      expect(await relative.getByRole('button', { name: 'No Account' }).getAttribute('aria-pressed')).toBe('true');
      await relative.getByLabel('Given name').fill('Zofia');
      await relative.getByLabel('Surname').fill(surname);
      await relative.getByLabel('Relation type').selectOption('child');
      await relative.getByRole('button', { name: 'Add Family Member' }).click();
      await page.getByText('Family member added successfully').waitFor();
      const people = await page.evaluate(
        async (q) => (await (await fetch(`/api/people?q=${encodeURIComponent(q)}`)).json()).items,
        `Zofia ${surname}`,
      );
      const mother = (people as Array<{ id: number }>)[0]!.id;

      await page.goto('/people');
      await page.getByRole('searchbox', { name: 'Find a person' }).fill(surname.toLowerCase());
      const list = page.getByRole('list', { name: 'People' });
      await list.getByText(`Maria ${surname}`).waitFor();
      await list.getByText(`Zofia ${surname}`).waitFor();
      await list.getByText('about 1890', { exact: false }).waitFor();

      await page.goto(`/profile/${mother}`);
      await profile.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: `Edit Zofia ${surname}` });
      await dialog.getByLabel('Surname').fill('Nowak');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { level: 1, name: 'Zofia Nowak' }).waitFor();
      const changes = page.getByRole('list', { name: 'Changes' });
      await changes.getByRole('button', { name: 'Undo' }).first().click();
      await page.getByText('Change undone').waitFor();
      await page.getByRole('heading', { level: 1, name: `Zofia ${surname}` }).waitFor();

      // The tie to her mother is in her history too, and undoing it removes it from the tree.
      const tieLine = changes.getByRole('listitem').filter({ hasText: 'Added a parent tie' });
      await tieLine.getByRole('button', { name: 'Undo' }).click();
      await changes.getByText('Removed a parent tie').first().waitFor();
      const ties = await page.evaluate(
        async (id) => (await (await fetch(`/api/family/tree/${id}?up=1&down=0`)).json()).childTies,
        mother,
      );
      expect(ties).toEqual([]);
      await screenshot(page, `people-profile-${name}`);
    });
  });

  it('shows an invite as code and QR code, and the relative who accepts it sees their tagged photos', async () => {
    const person = (await me.client.post('/api/people', { givenName: 'Kuzyn', surname: `Wójcik${run}` })).body as {
      id: number;
    };
    const photo = await uploadMedia(me.client, { title: `Lake ${run}`, type: 'photo' }, pngFile([run.length, 90, 7]));
    expect((await me.client.post(`/api/media/${photo.id}/tags`, { userId: person.id })).status).toBe(201);

    let inviteUrl = '';
    await withPage(browser, PHONE, async (page) => {
      await openAs(page, me, `/profile/${person.id}`);
      await page.getByRole('button', { name: `Invite Kuzyn Wójcik${run}` }).click();
      const code = (await page.getByTestId('invite-code').textContent())?.trim() ?? '';
      expect(code).toMatch(/^[A-Z2-9-]{14}$/);
      await page.getByRole('img', { name: `Invite QR code for Kuzyn Wójcik${run}` }).waitFor();
      inviteUrl = `/?invite=${code}`;
    });

    await withPage(browser, DESKTOP, async (page) => {
      await page.goto(inviteUrl);
      await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();
      await page.getByLabel('Username').fill(uniqueName('kuzyn'));
      await page.getByLabel('Password', { exact: true }).fill('kuzyn-password');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('heading', { name: 'Create Your Account' }).waitFor({ state: 'detached' });
      await page.goto(`/profile/${person.id}/tagged`);
      // The tagged page's thumbnails carry no words: the photo is found by its name.
      await page.getByRole('article', { name: `Lake ${run}` }).waitFor();
      await screenshot(page, 'people-invite-accepted');
    });
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('draws several generations around anyone, re-centres on a tap and finds a person (%s)', async (name, viewport) => {
    const add = async (givenName: string) =>
      ((await me.client.post('/api/people', { givenName, surname: `Gen${run}${name}` })).body as { id: number }).id;
    const [great, grand, parent, child, partner] = [
      await add('Great'),
      await add('Grand'),
      await add('Parent'),
      await add('Child'),
      await add('Partner'),
    ];
    const tie = (c: number, p: number) =>
      me.client.post('/api/family', { fromUserId: c, toUserId: p, relationType: 'parent' });
    await tie(grand, great);
    await tie(parent, grand);
    await tie(child, parent);
    await me.client.post('/api/family', {
      fromUserId: parent,
      toUserId: partner,
      relationType: 'spouse',
      kind: 'divorced',
      current: false,
    });

    await withPage(browser, viewport, async (page) => {
      const started = Date.now();
      await openAs(page, me, `/family/tree/${child}`);
      await page.getByRole('heading', { level: 1, name: `Family tree of Child Gen${run}${name}` }).waitFor();
      for (const who of ['Great', 'Grand', 'Parent', 'Partner']) {
        await page.getByRole('button', { name: `${who} Gen${run}${name}` }).waitFor();
      }
      // Signing in, loading and drawing the tree: generous, only a guard against a hang.
      expect(Date.now() - started).toBeLessThan(15_000);
      // The chart opens at a zoom where names are readable: zoomed out, four generations fit on screen.
      for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
      await page.getByRole('button', { name: `Great Gen${run}${name}` }).click();
      await page.getByRole('heading', { level: 1, name: `Family tree of Great Gen${run}${name}` }).waitFor();
      await page.getByLabel('Find a person').fill(`Partner Gen${run}${name}`);
      await page.getByRole('option', { name: `Partner Gen${run}${name}` }).click();
      await page.getByRole('heading', { level: 1, name: `Family tree of Partner Gen${run}${name}` }).waitFor();
      await screenshot(page, `people-generations-${name}`);
    });
  });
});
