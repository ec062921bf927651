import type { Browser, Page } from 'playwright-core';
import { registerPerson, uniqueName, type Person } from '../support/api';
import { DESKTOP, PHONE, launchBrowser, openAs, screenshot, withPage } from '../support/browser';

/** The canvas transform: where the canvas sits in the viewport and how far it is zoomed. */
async function viewOf(page: Page) {
  const transform = await page.getByTestId('family-tree-viewport').locator('svg > g').first().getAttribute('transform');
  const match = /translate\(([-\d.e]+) ([-\d.e]+)\) scale\(([\d.e]+)\)/.exec(transform ?? '');
  if (!match) throw new Error(`unexpected transform: ${transform}`);
  return { x: Number(match[1]), y: Number(match[2]), scale: Number(match[3]) };
}

/** The middle of a person's circle on screen. */
async function centreOf(page: Page, name: string) {
  const circle = page.getByRole('button', { name, exact: true }).locator('circle.tree-node-circle');
  const box = await circle.boundingBox();
  if (!box) throw new Error(`${name} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function openFamilyTree(page: Page, person: Person) {
  await openAs(page, person, '/family');
  await page.getByRole('heading', { level: 1, name: 'Family Tree' }).waitFor();
  await page.getByRole('button', { name: person.displayName, exact: true }).waitFor();
}

describe('the family tree in a browser', () => {
  let browser: Browser;
  let me: Person;
  let mum: Person;
  let baby: { displayName: string; username: string };
  const run = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
    me = await registerPerson('rose', `Rose ${run}`);
    mum = await registerPerson('mum', `Mum ${run}`);
    baby = { displayName: `Baby ${run}`, username: uniqueName('baby') };
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('adds an existing person and creates a new member, each in the right place', async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openFamilyTree(page, me);
      await page.getByText('Your family connections').waitFor();

      await page.getByRole('button', { name: 'Add Relation' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Relation' });
      // The dialog opens on a new person without an account; a member is picked under Existing Person.
      await dialog.getByRole('button', { name: 'Existing Person' }).click();
      await dialog.getByRole('combobox', { name: 'Family member' }).fill(mum.displayName);
      await page.getByRole('option', { name: new RegExp(mum.displayName) }).click();
      await dialog.getByLabel('Relation type').selectOption('parent');
      await screenshot(page, 'family-add-existing-dialog');
      await dialog.getByRole('button', { name: 'Add Relation' }).click();
      await page.getByText('Family relation added successfully').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: mum.displayName, exact: true }).waitFor();

      await page.getByRole('button', { name: 'Add Relation' }).click();
      await dialog.getByRole('button', { name: 'Create New' }).click();
      await dialog.getByLabel('Username').fill(baby.username);
      await dialog.getByLabel('Display name').fill(baby.displayName);
      await dialog.getByLabel('Password').fill('baby-secret');
      await dialog.getByLabel('Relation type').selectOption('child');
      await screenshot(page, 'family-create-member-dialog');
      await dialog.getByRole('button', { name: 'Create and Add' }).click();
      await page.getByText('New family member added successfully').waitFor();
      await page.getByRole('button', { name: baby.displayName, exact: true }).waitFor();

      const root = await centreOf(page, me.displayName);
      const parent = await centreOf(page, mum.displayName);
      const child = await centreOf(page, baby.displayName);
      const view = await viewOf(page);
      // One parent straight above, one child straight below, each a row (150 canvas px) away.
      expect(parent.x).toBeCloseTo(root.x, 0);
      expect(child.x).toBeCloseTo(root.x, 0);
      expect(root.y - parent.y).toBeCloseTo(150 * view.scale, 0);
      expect(child.y - root.y).toBeCloseTo(150 * view.scale, 0);
      await screenshot(page, 'family-tree-desktop');
    });
  });

  it("shows another person's tree read-only, and adds a relative to them from their profile", async () => {
    const grandpa = await registerPerson('gpa', `Grandpa ${run}`);
    await withPage(browser, DESKTOP, async (page) => {
      await openAs(page, me, `/profile/${mum.id}`);
      await page.getByText(`${mum.displayName}'s family connections`).waitFor();
      // Only the profile's own Add Relation: the tree of someone else offers none.
      expect(await page.getByRole('button', { name: 'Add Relation' }).count()).toBe(1);

      await page.getByRole('button', { name: 'Add Relation' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Family Member' });
      await dialog.getByRole('button', { name: 'Existing User' }).click();
      await dialog.getByRole('combobox', { name: 'User' }).fill(grandpa.displayName);
      await page.getByRole('option', { name: new RegExp(grandpa.displayName) }).click();
      await dialog.getByLabel('Relation type').selectOption('parent');
      await screenshot(page, 'family-add-to-other-dialog');
      await dialog.getByRole('button', { name: 'Add Family Member' }).click();
      await page.getByText('Family member added successfully').waitFor();
      await page.getByRole('button', { name: grandpa.displayName, exact: true }).waitFor();

      // Read from my side, Grandpa is my parent's parent: above Mum, who is above me.
      await page.goto('/family');
      const root = await centreOf(page, me.displayName);
      const parent = await centreOf(page, mum.displayName);
      const grandparent = await centreOf(page, grandpa.displayName);
      expect(grandparent.y).toBeLessThan(parent.y);
      expect(parent.y).toBeLessThan(root.y);
    });
  });

  it('pans with the mouse, a drag over a person opens nothing, the wheel zooms and Centre goes back', async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openFamilyTree(page, me);
      await page.getByRole('button', { name: mum.displayName, exact: true }).waitFor();
      const start = await viewOf(page);

      const from = await centreOf(page, mum.displayName);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 150, from.y + 80, { steps: 10 });
      await page.mouse.up();
      const panned = await viewOf(page);
      expect(panned.x - start.x).toBeCloseTo(150, 0);
      expect(panned.y - start.y).toBeCloseTo(80, 0);
      expect(new URL(page.url()).pathname).toBe('/family');

      const area = await page.getByTestId('family-tree-viewport').boundingBox();
      await page.mouse.move(area!.x + area!.width / 2, area!.y + area!.height / 2);
      await page.mouse.wheel(0, -400);
      await page.waitForFunction((before) => {
        const g = document.querySelector('[data-testid="family-tree-viewport"] svg > g');
        return Number(/scale\(([\d.]+)\)/.exec(g?.getAttribute('transform') ?? '')?.[1]) > before;
      }, panned.scale);
      expect((await viewOf(page)).scale).toBeLessThanOrEqual(2);
      await screenshot(page, 'family-tree-zoomed');

      await page.getByRole('button', { name: 'Centre' }).click();
      expect(await viewOf(page)).toEqual(start);
    });
  });

  it('opens a profile from a node, and "/profile" from one\'s own', async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openFamilyTree(page, me);
      await page.getByRole('button', { name: mum.displayName, exact: true }).click();
      await page.waitForURL(`**/profile/${mum.id}`);
      await page.getByRole('heading', { level: 1, name: mum.displayName }).waitFor();

      await page.goto('/family');
      await page.getByRole('button', { name: me.displayName, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/profile');

      // The keyboard reaches every person and Enter opens them.
      await page.goto('/family');
      await page.getByRole('button', { name: baby.displayName, exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/profile\/\d+$/);
    });
  });

  it('draws a whole family: grandparents over their own child, spouse left, siblings right, children below', async () => {
    const root = await registerPerson('centre', `Centre ${run}`);
    const names = ['Wife', 'Sis', 'Bro', 'Mother', 'Father', 'Granny', 'Grandad', 'Nana', 'Kid1', 'Kid2', 'Kid3'];
    const people: Record<string, Person> = {};
    for (const name of names) people[name] = await registerPerson(name.toLowerCase(), `${name} ${run}`);
    const add = async (from: Person, type: string, to: Person) => {
      const response = await root.client.post('/api/family', {
        fromUserId: from.id,
        toUserId: to.id,
        relationType: type,
      });
      if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    };
    await add(root, 'spouse', people.Wife);
    await add(root, 'sibling', people.Sis);
    await add(people.Bro, 'sibling', root);
    await add(root, 'parent', people.Mother);
    await add(people.Father, 'child', root);
    await add(people.Mother, 'parent', people.Granny);
    await add(people.Grandad, 'child', people.Mother);
    await add(people.Father, 'parent', people.Nana);
    for (const kid of ['Kid1', 'Kid2', 'Kid3']) await add(root, 'child', people[kid]);

    await withPage(browser, DESKTOP, async (page) => {
      await openFamilyTree(page, root);
      await page.getByRole('button', { name: people.Kid3.displayName, exact: true }).waitFor();
      const at: Record<string, { x: number; y: number }> = { root: await centreOf(page, root.displayName) };
      for (const name of names) at[name] = await centreOf(page, people[name].displayName);
      const { scale } = await viewOf(page);
      const row = (name: string) => Math.round((at[name].y - at.root.y) / (150 * scale));
      const column = (name: string) => Math.round((at[name].x - at.root.x) / (100 * scale));

      expect(['Granny', 'Grandad', 'Nana'].map(row)).toEqual([-2, -2, -2]);
      expect(['Mother', 'Father'].map(row)).toEqual([-1, -1]);
      expect(['Wife', 'Sis', 'Bro'].map(row)).toEqual([0, 0, 0]);
      expect(['Kid1', 'Kid2', 'Kid3'].map(row)).toEqual([1, 1, 1]);
      // Mother's two parents are above her, Father's one above him; 100 canvas px per column.
      expect(column('Mother')).toBe((column('Granny') + column('Grandad')) / 2);
      expect(column('Nana')).toBe(column('Father'));
      expect(column('Wife')).toBe(-2);
      expect(['Sis', 'Bro'].map(column).sort()).toEqual([2, 4]);
      expect(['Kid1', 'Kid2', 'Kid3'].map(column).sort((a, b) => a - b)).toEqual([-2, 0, 2]);
      // A person's label is drawn beside their button, in the group that holds both.
      const drawnFor = (name: string) =>
        page.locator('[data-person-id]').filter({ has: page.getByRole('button', { name, exact: true }) });
      await drawnFor(people.Sis.displayName).getByText('Sibling').waitFor();
      await drawnFor(people.Wife.displayName).getByText('Spouse').waitFor();
      await screenshot(page, 'family-tree-whole-family');
    });
  });

  it('removes a wrongly added relation from the family tree page, and the person leaves the tree', async () => {
    const person = await registerPerson('fixer', `Fixer ${run}`);
    const stranger = await registerPerson('stranger', `Stranger ${run}`);
    const sister = await registerPerson('sister', `Sister ${run}`);
    for (const [to, relationType] of [
      [stranger, 'parent'],
      [sister, 'sibling'],
    ] as const) {
      const response = await person.client.post('/api/family', { toUserId: to.id, relationType });
      if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    }

    await withPage(browser, DESKTOP, async (page) => {
      await openFamilyTree(page, person);
      const node = page.getByRole('button', { name: stranger.displayName, exact: true });
      await node.waitFor();
      const relations = page.getByRole('region', { name: 'Your relations' });
      await relations.getByText(`${stranger.displayName} — your parent`).waitFor();
      await relations.getByText(`${sister.displayName} — your sibling`).waitFor();

      await relations.getByRole('button', { name: `Remove relation with ${stranger.displayName}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove relation' });
      await confirm.getByText('Are you sure you want to remove this relation?').waitFor();
      await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
      await page.getByText('Relationship deleted successfully').waitFor();
      await confirm.waitFor({ state: 'hidden' });

      await node.waitFor({ state: 'detached' });
      await relations.getByText(`${stranger.displayName} — your parent`).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: sister.displayName, exact: true }).waitFor();
      await screenshot(page, 'family-remove-relation-desktop');
    });

    const tree = await person.client.get(`/api/family/${person.id}`);
    expect(tree.body.map((relation: { toUserId: number }) => relation.toUserId)).toEqual([sister.id]);
  });

  it('pans with one finger, pinches to zoom and opens a person with a tap at phone width', async () => {
    await withPage(browser, PHONE, async (page, context) => {
      await openFamilyTree(page, me);
      await page.getByRole('button', { name: mum.displayName, exact: true }).waitFor();
      await screenshot(page, 'family-tree-phone');
      const cdp = await context.newCDPSession(page);
      const touch = (type: string, touchPoints: Array<{ x: number; y: number; id?: number }>) =>
        cdp.send('Input.dispatchTouchEvent', { type: type as 'touchStart', touchPoints });

      const area = (await page.getByTestId('family-tree-viewport').boundingBox())!;
      const start = await viewOf(page);
      const x = area.x + area.width / 2;
      const y = area.y + 80;
      await touch('touchStart', [{ x, y }]);
      for (let step = 1; step <= 10; step++) await touch('touchMove', [{ x: x - 10 * step, y: y + 6 * step }]);
      await touch('touchEnd', []);
      const panned = await viewOf(page);
      expect(panned.x - start.x).toBeCloseTo(-100, 0);
      expect(panned.y - start.y).toBeCloseTo(60, 0);
      expect(new URL(page.url()).pathname).toBe('/family');

      // Two fingers moving apart zoom in.
      const mid = { x: area.x + area.width / 2, y: area.y + 300 };
      await touch('touchStart', [
        { x: mid.x - 40, y: mid.y, id: 0 },
        { x: mid.x + 40, y: mid.y, id: 1 },
      ]);
      for (let step = 1; step <= 8; step++) {
        await touch('touchMove', [
          { x: mid.x - 40 - 8 * step, y: mid.y, id: 0 },
          { x: mid.x + 40 + 8 * step, y: mid.y, id: 1 },
        ]);
      }
      await touch('touchEnd', []);
      const pinched = await viewOf(page);
      expect(pinched.scale).toBeGreaterThan(panned.scale);
      expect(pinched.scale).toBeLessThanOrEqual(2);
      await screenshot(page, 'family-tree-phone-panned');

      await page.getByRole('button', { name: 'Centre' }).tap();
      const target = await centreOf(page, mum.displayName);
      await page.touchscreen.tap(target.x, target.y);
      await page.waitForURL(`**/profile/${mum.id}`);
      await page.getByRole('heading', { level: 1, name: mum.displayName }).waitFor();
      await screenshot(page, 'family-profile-from-tap-phone');
    });
  });
});
