import type { ChildProcess } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { makeAdmin } from '../support/admin';
import { registerPerson, type Person } from '../support/api';
import {
  doubleTextSize,
  expectNothingSideways,
  expectTouchTargets,
  expectVisibleFocusRing,
  rootFontSize,
} from '../support/accessibility';
import {
  LAPTOP,
  PHONE,
  PHONE_ZOOMED,
  dialogsShown,
  expectNoSeriousAxeViolations,
  launchBrowser,
  newPage,
  screenshot,
  signIn,
} from '../support/browser';
import { pngFile, uploadMedia, waitPrepared } from '../support/media';
import { baseUrl, startExtraProcess, stopProcess } from '../support/stack';
import { turnOnTwoStep } from '../support/two-step';

/** A second gateway of the same archive with REQUIRE_2FA=true, for the screen that asks to set it up. */
const REQUIRED_PORT = Number(new URL(baseUrl).port) + 7;

/** What every screen is opened with: the archive's people, items and album made before the screens are visited. */
interface Archive {
  me: Person;
  run: string;
  photoTitle: string;
  albumName: string;
  grandmaId: number;
  grandmaName: string;
  trashedTitle: string;
  /** A member with two-step sign-in on, for its code screen. */
  guarded: Person;
}

interface Screen {
  signedIn: boolean;
  /** Opens the screen from wherever the page is, and waits until it shows its content. */
  open: (page: Page, archive: Archive) => Promise<void>;
}

/**
 * Home's albums or tree: on a phone by home's switch of views; wider, home has none (the header's links are the one
 * navigation, docs/product.md "Home"), so the header's link opens the page.
 */
async function homeView(page: Page, view: 'Albums' | 'Family Tree') {
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor();
  const views = page.getByRole('group', { name: 'What to show' });
  if (await views.isVisible()) await views.getByRole('button', { name: view }).click();
  else await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: view }).click();
}

// docs/conventions.md "Accessibility": every screen, as a family member reaches it.
const screens: Record<string, Screen> = {
  'sign in': {
    signedIn: false,
    open: async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    },
  },
  register: {
    signedIn: false,
    open: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Need an account?' }).click();
      await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();
    },
  },
  'reset password': {
    signedIn: false,
    open: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Forgot Password?' }).click();
      await page.getByRole('heading', { name: 'Reset Password', level: 1 }).waitFor();
    },
  },
  gallery: {
    signedIn: true,
    open: async (page, { photoTitle }) => {
      await page.goto('/');
      await page.getByRole('article', { name: photoTitle }).getByRole('img', { name: photoTitle }).waitFor();
    },
  },
  'upload dialog': {
    signedIn: true,
    open: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByRole('dialog', { name: 'Upload Media' }).waitFor();
      await dialogsShown(page);
    },
  },
  // docs/product.md "Uploading many files": the dialog with a batch chosen, then the uploads panel and Just uploaded.
  'upload dialog with many files': {
    signedIn: true,
    open: async (page, { run }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Media' });
      await dialog.getByLabel('Files').setInputFiles(
        [0, 1, 2].map((index) => ({
          name: `Holiday at the seaside, day ${index + 1} of the long summer ${run}.png`,
          mimeType: 'image/png',
          buffer: Buffer.from(pngFile([index * 70, 200, 120 + index], 48).bytes),
        })),
      );
      await dialog.getByRole('button', { name: 'Upload 3 files' }).waitFor();
      await dialogsShown(page);
    },
  },
  'uploads panel and just uploaded': {
    signedIn: true,
    open: async (page, { run }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Media' });
      const files = [0, 1].map((index) => ({
        name: `Uploaded from the phone ${index + 1} ${run}-${Date.now()}.png`,
        mimeType: 'image/png',
        buffer: Buffer.from(pngFile([index * 90 + 30, 60, Date.now() % 250], 48).bytes),
      }));
      await dialog.getByLabel('Files').setInputFiles(files);
      // An old date keeps them out of the profile's newest five, which other screens look for.
      await dialog.getByLabel('Date').fill('1990-06-01');
      await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
      await dialog.waitFor({ state: 'detached' });
      const panel = page.getByRole('region', { name: 'Uploads' });
      await panel.getByText('All 2 done').waitFor();
      const show = panel.getByRole('button', { name: 'Show the uploads' });
      if (await show.isVisible()) await show.click();
      await page.getByRole('region', { name: 'Just uploaded' }).getByRole('button').first().waitFor();
    },
  },
  'detail dialog': {
    signedIn: true,
    open: async (page, { photoTitle }) => {
      await page.goto('/');
      await page.getByRole('button', { name: `Open ${photoTitle}` }).click();
      await page.getByRole('dialog', { name: photoTitle }).getByRole('img', { name: photoTitle }).waitFor();
      await dialogsShown(page);
    },
  },
  // A tag that waits for an editor's Confirm (docs/rights.md "Attaching a person to an item"): its longest row.
  'tag users dialog': {
    signedIn: true,
    open: async (page, { photoTitle }) => {
      await page.goto('/');
      await page.getByRole('button', { name: `Open ${photoTitle}` }).click();
      const detail = page.getByRole('dialog', { name: photoTitle });
      await detail.getByRole('button', { name: 'Tag users' }).click();
      await page
        .getByRole('dialog', { name: 'Tag Users' })
        .getByRole('button', { name: /^Confirm / })
        .waitFor();
      await dialogsShown(page);
    },
  },
  'home albums': {
    signedIn: true,
    open: async (page, { albumName }) => {
      await homeView(page, 'Albums');
      await page.getByRole('heading', { name: albumName }).waitFor();
    },
  },
  'home tree': {
    signedIn: true,
    open: async (page, { grandmaName }) => {
      await homeView(page, 'Family Tree');
      await page.getByRole('button', { name: grandmaName }).first().waitFor();
    },
  },
  albums: {
    signedIn: true,
    open: async (page, { albumName }) => {
      await page.goto('/albums');
      await page.getByRole('heading', { name: albumName }).waitFor();
    },
  },
  album: {
    signedIn: true,
    open: async (page, { albumName, photoTitle }) => {
      await page.goto('/albums');
      await page.getByRole('button', { name: `View ${albumName}` }).click();
      await page.getByRole('dialog', { name: albumName }).getByRole('img', { name: photoTitle }).waitFor();
      await dialogsShown(page);
    },
  },
  profile: {
    signedIn: true,
    open: async (page, { photoTitle }) => {
      await page.goto('/profile');
      await page.getByRole('img', { name: photoTitle }).first().waitFor();
      await page.getByRole('heading', { name: 'Delete Account' }).waitFor();
      // An earlier export, with its Download and Delete.
      await page.getByRole('button', { name: /^Delete the export of / }).waitFor();
    },
  },
  people: {
    signedIn: true,
    open: async (page, { grandmaName }) => {
      await page.goto('/people');
      await page.getByRole('list', { name: 'People' }).getByText(grandmaName).waitFor();
    },
  },
  trash: {
    signedIn: true,
    open: async (page, { trashedTitle }) => {
      await page.goto('/trash');
      await page.getByRole('article', { name: trashedTitle }).getByRole('button', { name: 'Restore' }).waitFor();
    },
  },
  'select many': {
    signedIn: true,
    open: async (page, { photoTitle }) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor();
      // On a phone the checkboxes show once Select is pressed; wider, they always do.
      const select = page.getByRole('button', { name: 'Select', exact: true });
      if (await select.isVisible()) await select.click();
      await page.getByRole('checkbox', { name: `Select ${photoTitle}` }).check();
      await page.getByText('1 selected').waitFor();
    },
  },
  person: {
    signedIn: true,
    open: async (page, { grandmaId, grandmaName }) => {
      await page.goto(`/profile/${grandmaId}`);
      await page.getByRole('heading', { level: 1, name: grandmaName }).waitFor();
    },
  },
  family: {
    signedIn: true,
    open: async (page, { grandmaName }) => {
      await page.goto('/family');
      await page.getByRole('button', { name: grandmaName }).first().waitFor();
    },
  },
  'family tree': {
    signedIn: true,
    open: async (page, { grandmaId, grandmaName }) => {
      await page.goto(`/family/tree/${grandmaId}`);
      await page.getByRole('heading', { level: 1, name: `Family tree of ${grandmaName}` }).waitFor();
    },
  },
  'GEDCOM import dialog': {
    signedIn: true,
    open: async (page) => {
      await page.goto('/people');
      await page.getByRole('button', { name: 'Import from a genealogy program' }).click();
      await page.getByRole('dialog', { name: 'Import from a genealogy program' }).waitFor();
      await dialogsShown(page);
    },
  },
  'GEDCOM download dialog': {
    signedIn: true,
    open: async (page) => {
      await page.goto('/people');
      await page.getByRole('button', { name: 'Download GEDCOM' }).click();
      await page.getByRole('dialog', { name: 'Download GEDCOM' }).waitFor();
      await dialogsShown(page);
    },
  },
  // On a phone the navigation is a side menu; wider, it is the header's row of links.
  navigation: {
    signedIn: true,
    open: async (page) => {
      await page.goto('/albums');
      const menu = page.getByRole('button', { name: 'Open navigation' });
      const links = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'People' });
      // Until the header has drawn, neither shows: wait for one before choosing.
      await menu.or(links).first().waitFor();
      if (await menu.isVisible()) await menu.click();
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'People' }).waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.MuiDrawer-paper')].every(
          (paper) => getComputedStyle(paper).transform === 'none',
        ),
      );
    },
  },
  'tagged media': {
    signedIn: true,
    open: async (page, { grandmaId, grandmaName }) => {
      await page.goto(`/profile/${grandmaId}/tagged`);
      await page.getByRole('link', { name: `Back to ${grandmaName}'s profile` }).waitFor();
      await page.getByRole('article').first().locator('img').waitFor();
    },
  },
  memories: {
    signedIn: true,
    open: async (page, { me }) => {
      await page.goto(`/profile/${me.id}/memories`);
      await page.getByText('The old kitchen').waitFor();
    },
  },
  'add a person dialog': {
    signedIn: true,
    open: async (page) => {
      await page.goto('/people');
      await page.getByRole('button', { name: 'Add person' }).click();
      await page.getByRole('dialog', { name: 'Add a person' }).waitFor();
      await dialogsShown(page);
    },
  },
  // docs/product.md "The operator's page": Ada is an admin of this archive.
  'admin page': {
    signedIn: true,
    open: async (page) => {
      await page.goto('/admin');
      await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
      await page.getByRole('list', { name: 'Members' }).waitFor();
      await page.getByRole('list', { name: 'Media jobs by kind' }).waitFor();
      await page.getByRole('list', { name: 'Storage per member and kind' }).waitFor();
      await page.getByRole('list', { name: 'Database migrations per service' }).waitFor();
      await page.getByRole('heading', { name: 'Integrity' }).waitFor();
      await page.getByRole('heading', { name: 'Backups' }).waitFor();
    },
  },
  'page not found': {
    signedIn: true,
    open: async (page) => {
      await page.goto('/no-such-page');
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    },
  },
  'two-step code': {
    signedIn: false,
    open: async (page, { guarded }) => {
      await page.goto('/');
      await page.getByLabel('Username').fill(guarded.username);
      await page.getByLabel('Password', { exact: true }).fill(guarded.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('heading', { name: 'Two-step sign-in', level: 1 }).waitFor();
    },
  },
  // Last: the browser signed up here is held to this screen on every address of the archive.
  'two-step required': {
    signedIn: false,
    open: async (page) => {
      // A new member, signed up by the API on that gateway: the browser takes over the session.
      const { client } = await registerPerson('a11yreq', 'Required Person', `http://127.0.0.1:${REQUIRED_PORT}`);
      const equals = client.cookie.indexOf('=');
      const [name, value] = [client.cookie.slice(0, equals), client.cookie.slice(equals + 1)];
      await page.context().addCookies([{ name, value, url: `http://127.0.0.1:${REQUIRED_PORT}` }]);
      await page.goto(`http://127.0.0.1:${REQUIRED_PORT}/`);
      await page.getByRole('heading', { name: 'Set up two-step sign-in', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    },
  },
};

const screenNames = Object.keys(screens);
const fileName = (name: string) => name.toLowerCase().replace(/\s+/g, '-');

/** A member with photos, an album, a family of three generations with a story and a memory. */
async function makeArchive(): Promise<Archive> {
  const run = Date.now().toString(36);
  const me = await registerPerson('a11y', `Ada Lovelace ${run}`);
  await makeAdmin(me.id);
  const photoTitle = `Picnic by the lake ${run}`;
  const photos = [];
  // The garden three years ago today: the gallery shows "On this day" above it.
  const today = new Date();
  const threeYearsAgo = `${today.getUTCFullYear() - 3}-${today.toISOString().slice(5, 10)}`;
  const gardenDate = threeYearsAgo.endsWith('02-29') ? undefined : threeYearsAgo;
  for (const [index, title] of [photoTitle, `Grandma's garden ${run}`, `First day of school ${run}`].entries()) {
    const fields = { type: 'photo', title, ...(index === 1 && gardenDate ? { mediaDate: gardenDate } : {}) };
    photos.push(await uploadMedia(me.client, fields, pngFile([40 + index * 60, 120, 90], 64)));
  }
  for (const photo of photos) await waitPrepared(me.client, photo.id);
  // An item without a picture: its card shows a placeholder with the type's name.
  photos.push(
    await uploadMedia(me.client, { type: 'post', title: `Letter from Gdańsk ${run}`, content: 'Dear all, ...' }),
  );
  const albumName = `Summer holidays ${run}`;
  const album = (await me.client.post('/api/albums', { name: albumName, isShared: false })).body as { id: number };
  for (const photo of photos) await me.client.post(`/api/albums/${album.id}/media/${photo.id}`);

  const grandmaName = `Maria Nowak ${run}`;
  const grandma = (
    await me.client.post('/api/people', {
      givenName: 'Maria',
      surname: `Nowak ${run}`,
      birth: { date: '1931', place: 'Gdańsk' },
    })
  ).body as { id: number };
  const mother = (await me.client.post('/api/people', { givenName: 'Ewa', surname: `Nowak ${run}` })).body as {
    id: number;
  };
  await me.client.post('/api/family', { fromUserId: mother.id, toUserId: grandma.id, relationType: 'parent' });
  await me.client.post('/api/family', { toUserId: mother.id, relationType: 'parent' });
  await me.client.post(`/api/media/${photos[1].id}/tags`, { userId: grandma.id });
  // A cousin merges a tagged relative into themselves: on Ada's private photo the tag waits for her Confirm.
  const cousin = await registerPerson('a11ycousin', `Cousin Gerda ${run}`);
  const gerda = (await me.client.post('/api/people', { givenName: 'Gerda', surname: `Nowak ${run}` })).body as {
    id: number;
  };
  await me.client.post(`/api/media/${photos[0].id}/tags`, { userId: gerda.id });
  await cousin.client.post(`/api/people/${gerda.id}/merge`, { intoId: cousin.id });
  await me.client.post('/api/users/story', { story: 'Born by the sea, I kept every photo our family ever took.' });
  await me.client.post('/api/memories', { title: 'The old kitchen', content: 'Bread on Sundays, always.' });
  await me.client.post('/api/memories', {
    title: 'Her dances',
    content: 'She danced at every wedding.',
    personId: grandma.id,
  });
  // One in the trash, for the Trash page.
  const trashedTitle = `Blurry photo ${run}`;
  const trashed = await uploadMedia(me.client, { type: 'photo', title: trashedTitle }, pngFile([200, 60, 60], 64));
  await waitPrepared(me.client, trashed.id);
  await me.client.delete(`/api/media/${trashed.id}`);
  // An export of one's things, for the profile's list of exports.
  const exported = (await me.client.post('/api/exports', { scope: 'mine' })).body as { id: number };
  for (let tries = 0; tries < 120; tries++) {
    const { status } = (await me.client.get(`/api/exports/${exported.id}`)).body as { status: string };
    if (status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const guarded = await registerPerson('a11yguard', `Guarded ${run}`);
  await turnOnTwoStep(guarded.client);
  return { me, run, photoTitle, albumName, grandmaId: grandma.id, grandmaName, trashedTitle, guarded };
}

describe('accessibility of every screen', () => {
  let browser: Browser;
  let archive: Archive;
  let requiredGateway: ChildProcess | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    archive = await makeArchive();
    requiredGateway = await startExtraProcess('gateway/dist/main.js', { REQUIRE_2FA: 'true' }, REQUIRED_PORT);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (requiredGateway) await stopProcess(requiredGateway);
  });

  /** A signed-out and a signed-in page at one size, opening on the gallery rather than a remembered view. */
  async function pagesAt(viewport: { width: number; height: number }) {
    const signedOut = await newPage(browser, viewport);
    const signedIn = await newPage(browser, viewport);
    await signedIn.context.addInitScript(() => window.localStorage.removeItem('family-archive.home-view'));
    await signIn(signedIn.page, archive.me);
    return {
      pageFor: (screen: Screen) => (screen.signedIn ? signedIn.page : signedOut.page),
      contexts: [signedOut.context, signedIn.context] as BrowserContext[],
    };
  }

  describe.each([
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ])('at %s width', (size, viewport) => {
    let pages: Awaited<ReturnType<typeof pagesAt>>;

    beforeAll(async () => {
      pages = await pagesAt(viewport);
    });

    afterAll(async () => {
      for (const context of pages?.contexts ?? []) await context.close();
    });

    it.each(screenNames)(
      '%s: no serious axe violation, targets of 44 px, a visible focus ring, nothing sideways',
      async (name) => {
        const screen = screens[name]!;
        const page = pages.pageFor(screen);
        await screen.open(page, archive);
        await screenshot(page, `a11y-${fileName(name)}-${size}`);
        await expectNoSeriousAxeViolations(page, `${name} at ${viewport.width} px`);
        await expectTouchTargets(page, `${name} at ${viewport.width} px`);
        await expectNothingSideways(page, `${name} at ${viewport.width} px`);
        await expectVisibleFocusRing(page, `${name} at ${viewport.width} px`);
        await screenshot(page, `a11y-${fileName(name)}-${size}-focused`);
      },
    );
  });

  describe('on a phone with its text at 200%', () => {
    let pages: Awaited<ReturnType<typeof pagesAt>>;

    beforeAll(async () => {
      pages = await pagesAt(PHONE);
      for (const context of pages.contexts) await doubleTextSize(context.pages()[0]!);
    });

    afterAll(async () => {
      for (const context of pages?.contexts ?? []) await context.close();
    });

    it.each(screenNames)('%s: nothing scrolls sideways or is cut off', async (name) => {
      const screen = screens[name]!;
      const page = pages.pageFor(screen);
      await screen.open(page, archive);
      expect(await rootFontSize(page)).toBe(32);
      await screenshot(page, `a11y-${fileName(name)}-phone-text-200`);
      await expectNothingSideways(page, `${name} at 390 px with 200% text`);
    });
  });

  describe('on a phone zoomed to 200%', () => {
    let pages: Awaited<ReturnType<typeof pagesAt>>;

    beforeAll(async () => {
      pages = await pagesAt(PHONE_ZOOMED);
    });

    afterAll(async () => {
      for (const context of pages?.contexts ?? []) await context.close();
    });

    it.each(screenNames)('%s: nothing scrolls sideways or is cut off', async (name) => {
      const screen = screens[name]!;
      const page = pages.pageFor(screen);
      await screen.open(page, archive);
      await screenshot(page, `a11y-${fileName(name)}-phone-zoom-200`);
      await expectNothingSideways(page, `${name} at 390 px zoomed to 200%`);
    });
  });
});
