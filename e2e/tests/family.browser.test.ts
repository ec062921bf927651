import type { Browser, Page } from 'playwright-core';
import { doubleTextSize, expectNothingSideways } from '../support/accessibility';
import { registerPerson, uniqueName, type Person } from '../support/api';
import {
  DESKTOP,
  LAPTOP,
  PHONE,
  expectNoSeriousAxeViolations,
  launchBrowser,
  openAs,
  screenshot,
  withPage,
} from '../support/browser';

/** The canvas transform: where the canvas sits in the viewport and how far it is zoomed (in `within`, if given). */
async function viewOf(page: Page, within: Pick<Page, 'getByTestId'> = page) {
  const transform = await within
    .getByTestId('family-tree-viewport')
    .first()
    .locator('svg > g')
    .first()
    .getAttribute('transform');
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

type Box = { left: number; top: number; right: number; bottom: number };

/**
 * What the tree shows, in screen px: each person's box, circle, initials, name lines and years with the size their
 * text is drawn at, every line's corners, and the controls' box.
 */
async function readTree(page: Page) {
  return page.evaluate(() => {
    const boxOf = (element: Element) => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { left, top, right, bottom };
    };
    const texts = (group: Element, selector: string) =>
      [...group.querySelectorAll<SVGTextElement>(selector)].map((text) => ({
        text: text.textContent ?? '',
        px: parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM()!.a,
        box: boxOf(text),
      }));
    const viewport = document.querySelector('[data-testid="family-tree-viewport"]')!;
    const people = [...viewport.querySelectorAll('[data-person-id]')].map((group) => ({
      id: Number(group.getAttribute('data-person-id')),
      box: boxOf(group),
      circle: boxOf(group.querySelector('.tree-node-circle')!),
      initials: group.querySelector('.tree-node-initials')?.textContent ?? null,
      names: texts(group, '.tree-node-name'),
      years: texts(group, '.tree-node-years'),
    }));
    const lines = [...viewport.querySelectorAll<SVGPolylineElement>('polyline')].map((line) => {
      const matrix = line.getScreenCTM()!;
      return Array.from({ length: line.points.numberOfItems }, (_, i) => {
        const point = line.points.getItem(i).matrixTransform(matrix);
        return { x: point.x, y: point.y };
      });
    });
    const controls = boxOf(document.querySelector('[data-testid="family-tree-controls"]')!);
    return { people, lines, controls };
  });
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The lines' straight pieces that pass through a text's box (1 px inside its edges). */
function linesThrough(lines: Array<Array<{ x: number; y: number }>>, box: Box) {
  const inner = { left: box.left + 1, top: box.top + 1, right: box.right - 1, bottom: box.bottom - 1 };
  return lines.filter((points) =>
    points.slice(1).some((to, i) => {
      const from = points[i]!;
      const piece = {
        left: Math.min(from.x, to.x),
        right: Math.max(from.x, to.x) + 0.01,
        top: Math.min(from.y, to.y),
        bottom: Math.max(from.y, to.y) + 0.01,
      };
      return overlaps(piece, inner);
    }),
  );
}

const middleOf = (box: Box) => ({ x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 });

/** Readable at the default zoom, nobody under the controls, no line through a name (DESIGN §12). */
function expectReadableTree(tree: Awaited<ReturnType<typeof readTree>>) {
  expect(tree.people.length).toBeGreaterThan(0);
  for (const person of tree.people) {
    expect(overlaps(person.box, tree.controls)).toBe(false);
    for (const name of person.names) expect(name.px).toBeGreaterThanOrEqual(12);
    for (const years of person.years) expect(years.px).toBeGreaterThanOrEqual(11);
    for (const text of [...person.names, ...person.years])
      expect([text.text, linesThrough(tree.lines, text.box)]).toEqual([text.text, []]);
  }
}

/** Makes a person without an account; answers their id. */
async function addPerson(by: Person, displayName: string, born?: string, died?: string): Promise<number> {
  const response = await by.client.post('/api/people', {
    displayName,
    ...(born ? { birth: { date: born, place: 'London' } } : {}),
    ...(died ? { death: { date: died, place: 'London' } } : {}),
  });
  if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id;
}

/** Ties two people: `type` is what `to` is to `from`. */
async function relate(by: Person, from: number, type: string, to: number) {
  const response = await by.client.post('/api/family', { fromUserId: from, toUserId: to, relationType: type });
  if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
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
      // One parent straight above, one child straight below, each a row (180 canvas px) away.
      expect(parent.x).toBeCloseTo(root.x, 0);
      expect(child.x).toBeCloseTo(root.x, 0);
      expect(root.y - parent.y).toBeCloseTo(180 * view.scale, 0);
      expect(child.y - root.y).toBeCloseTo(180 * view.scale, 0);
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
      const row = (name: string) => Math.round((at[name].y - at.root.y) / (180 * scale));
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

  it('on a phone one finger scrolls the page over the tree, two fingers zoom it, and full screen one finger moves it', async () => {
    await withPage(browser, PHONE, async (page, context) => {
      await openFamilyTree(page, me);
      await page.getByRole('button', { name: mum.displayName, exact: true }).waitFor();
      await screenshot(page, 'family-tree-phone');
      const cdp = await context.newCDPSession(page);
      const touch = (type: string, touchPoints: Array<{ x: number; y: number; id?: number }>) =>
        cdp.send('Input.dispatchTouchEvent', { type: type as 'touchStart', touchPoints });
      /** Where the page is scrolled, once a swipe's glide has stopped. */
      const scrollY = async () => {
        for (let last = -1; ; await page.waitForTimeout(150)) {
          const now = await page.evaluate(() => window.scrollY);
          if (now === last) return now;
          last = now;
        }
      };
      const pinch = async (mid: { x: number; y: number }) => {
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
      };

      // One finger pushed up over the tree scrolls the page; the tree stays as it was.
      let area = (await page.getByTestId('family-tree-viewport').boundingBox())!;
      const start = await viewOf(page);
      const x = area.x + area.width / 2;
      const y = Math.min(area.y + area.height - 20, PHONE.height - 40);
      expect(y).toBeGreaterThan(area.y);
      await touch('touchStart', [{ x, y }]);
      for (let step = 1; step <= 10; step++) await touch('touchMove', [{ x, y: y - 25 * step }]);
      await touch('touchEnd', []);
      await page.waitForFunction(() => window.scrollY > 100);
      expect(await viewOf(page)).toEqual(start);
      expect(new URL(page.url()).pathname).toBe('/family');

      // Two fingers moving apart zoom the tree in, and the page stays where it is.
      const scrolled = await scrollY();
      area = (await page.getByTestId('family-tree-viewport').boundingBox())!;
      await pinch({ x: area.x + area.width / 2, y: Math.max(area.y + 60, 120) });
      const pinched = await viewOf(page);
      expect(pinched.scale).toBeGreaterThan(start.scale);
      expect(pinched.scale).toBeLessThanOrEqual(2);
      expect(await scrollY()).toBe(scrolled);

      // Full screen: one finger moves the tree, two pinch it.
      await page.getByRole('button', { name: 'Full screen' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Your family tree' });
      await dialog.getByRole('button', { name: mum.displayName, exact: true }).waitFor();
      const full = (await dialog.getByTestId('family-tree-viewport').boundingBox())!;
      expect(full.height).toBeGreaterThan(PHONE.height * 0.75);
      const before = await viewOf(page, dialog);
      const at = { x: full.x + full.width / 2, y: full.y + 100 };
      await touch('touchStart', [at]);
      for (let step = 1; step <= 10; step++) await touch('touchMove', [{ x: at.x - 10 * step, y: at.y + 6 * step }]);
      await touch('touchEnd', []);
      const moved = await viewOf(page, dialog);
      expect(moved.x - before.x).toBeCloseTo(-100, 0);
      expect(moved.y - before.y).toBeCloseTo(60, 0);
      await pinch({ x: full.x + full.width / 2, y: full.y + full.height / 2 });
      expect((await viewOf(page, dialog)).scale).toBeGreaterThan(moved.scale);
      await screenshot(page, 'family-tree-phone-full-screen');
      await expectNoSeriousAxeViolations(page, 'the family tree full screen');
      await dialog.getByRole('button', { name: 'Close full screen' }).tap();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Centre' }).tap();
      const target = await centreOf(page, mum.displayName);
      await page.touchscreen.tap(target.x, target.y);
      await page.waitForURL(`**/profile/${mum.id}`);
      await page.getByRole('heading', { level: 1, name: mum.displayName }).waitFor();
      await screenshot(page, 'family-profile-from-tap-phone');
    });
  });

  it('writes names and years to read, long names whole, initials of letters, nobody under the controls, no line through a name', async () => {
    const albert = await addPerson(me, 'Albert Augustus Charles Windsor', '1895', '1952');
    const queenie = await addPerson(me, '“Queenie” Mary', '1900', '2002');
    const bertie = await addPerson(me, '(Bertie) George', '1926');
    const margaret = await addPerson(me, 'Margaret Rose', '1930', '2002');
    const george = await addPerson(me, 'George Frederick', '1865', '1936');
    const mary = await addPerson(me, 'Mary of Teck', '1867', '1953');
    await relate(me, albert, 'spouse', queenie);
    await relate(me, george, 'spouse', mary);
    for (const parent of [albert, queenie])
      for (const kid of [bertie, margaret]) await relate(me, parent, 'child', kid);
    // Brothers and sisters make the chart too wide to show whole at a readable size.
    for (const [index, name] of ['Edward', 'Henry', 'John', 'Victoria', 'Louise', 'Alexander'].entries()) {
      const sibling = await addPerson(me, `${name} Windsor`, String(1894 + index * 2));
      for (const parent of [george, mary]) await relate(me, parent, 'child', sibling);
    }
    for (const parent of [george, mary]) await relate(me, albert, 'parent', parent);

    await withPage(browser, LAPTOP, async (page) => {
      await openAs(page, me, `/family/tree/${albert}`);
      await page.getByRole('button', { name: 'Margaret Rose', exact: true }).waitFor();
      const tree = await readTree(page);
      expectReadableTree(tree);
      const person = (id: number) => tree.people.find((p) => p.id === id)!;
      expect(person(albert).names.map((line) => line.text)).toEqual(['Albert Augustus', 'Charles Windsor']);
      expect(person(bertie).initials).toBe('BG');
      expect(person(queenie).initials).toBe('QM');
      // The children's line leaves from between Albert and Queenie.
      const [a, q] = [middleOf(person(albert).circle), middleOf(person(queenie).circle)];
      const between = { x: (a.x + q.x) / 2, y: a.y };
      const fromCouple = tree.lines.filter(
        (points) => Math.abs(points[0]!.x - between.x) < 1 && Math.abs(points[0]!.y - between.y) < 1,
      );
      expect(fromCouple.length).toBeGreaterThan(0);
      await screenshot(page, 'family-generations-readable-laptop');
    });
  });

  it("hangs one's children from the couple on one's own tree, with no line through a name", async () => {
    const dad = await registerPerson('dad', `Dad ${run}`);
    const wife = await addPerson(dad, `Wife ${run}`);
    const kids = [await addPerson(dad, `Kid A ${run}`), await addPerson(dad, `Kid B ${run}`)];
    await relate(dad, dad.id, 'spouse', wife);
    for (const kid of kids) await relate(dad, dad.id, 'child', kid);
    for (const parent of [`Grandma ${run}`, `Grandpa ${run}`])
      await relate(dad, dad.id, 'parent', await addPerson(dad, parent));

    await withPage(browser, LAPTOP, async (page) => {
      await openFamilyTree(page, dad);
      await page.getByRole('button', { name: `Kid B ${run}`, exact: true }).waitFor();
      const tree = await readTree(page);
      expectReadableTree(tree);
      const circle = (id: number) => tree.people.find((p) => p.id === id)!.circle;
      const between = { x: (middleOf(circle(dad.id)).x + middleOf(circle(wife)).x) / 2, y: middleOf(circle(dad.id)).y };
      for (const kid of kids) {
        const top = { x: middleOf(circle(kid)).x, y: circle(kid).top };
        const line = tree.lines.find((points) => {
          const end = points[points.length - 1]!;
          return Math.abs(end.x - top.x) < 1 && Math.abs(end.y - top.y) < 2;
        });
        expect(line?.[0]?.x).toBeCloseTo(between.x, 0);
        expect(line?.[0]?.y).toBeCloseTo(between.y, 0);
      }
      await screenshot(page, 'family-tree-couple-laptop');
    });
  });

  it('keeps the controls on screen and nothing sideways at 200% zoom and with 200% text on a phone', async () => {
    const controlsOnScreen = async (page: Page, width: number) => {
      for (const name of ['Zoom out', 'Zoom in', 'Centre', 'Full screen']) {
        const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
        expect([name, box.x >= 0 && box.x + box.width <= width]).toEqual([name, true]);
      }
    };
    const visit = async (page: Page, where: string, width: number) => {
      await page.goto(`/family/tree/${mum.id}`);
      await page.getByRole('button', { name: mum.displayName, exact: true }).waitFor();
      await expectNothingSideways(page, `the tree over generations ${where}`);
      await controlsOnScreen(page, width);
      await screenshot(page, `family-generations-${where.replace(/\W+/g, '-')}`);
      await page.goto('/family');
      await page.getByRole('button', { name: me.displayName, exact: true }).waitFor();
      await expectNothingSideways(page, `the family tree ${where}`);
      await controlsOnScreen(page, width);
    };
    // 200% zoom on a 390 px phone leaves 195 CSS px.
    await withPage(browser, { width: 195, height: 422 }, async (page) => {
      await openAs(page, me, '/family');
      await visit(page, 'at 200% zoom', 195);
    });
    await withPage(browser, PHONE, async (page) => {
      await doubleTextSize(page);
      await openAs(page, me, '/family');
      await visit(page, 'with 200% text', PHONE.width);
    });
  });
});
