import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { registerPerson, type Person } from '../support/api';
import { doubleTextSize, expectNothingSideways } from '../support/accessibility';
import { DESKTOP, LAPTOP, PHONE, dialogsShown, launchBrowser, openAs, screenshot, withPage } from '../support/browser';

/** The shared GEDCOM files (../shared/gedcom from the repository root). */
const GEDCOM_DIR = path.resolve(__dirname, '../../../shared/gedcom');

/** A small family as a genealogy program writes it; one date is not a real day (kept as text and flagged). */
function familyFile(surname: string): Buffer {
  return Buffer.from(
    [
      '0 HEAD',
      '1 SOUR RootsMagic',
      '1 GEDC',
      '2 VERS 5.5.1',
      '1 CHAR UTF-8',
      `0 @I1@ INDI`,
      `1 NAME Astrid /${surname}/`,
      '1 SEX F',
      '1 BIRT',
      '2 DATE 31 FEB 1900',
      '2 PLAC Uppsala',
      `0 @I2@ INDI`,
      `1 NAME Sven /${surname}/`,
      '1 SEX M',
      '1 DEAT',
      '2 DATE 1950',
      `0 @I3@ INDI`,
      `1 NAME Karin /${surname}/`,
      '1 _MILT served',
      '0 @F1@ FAM',
      '1 HUSB @I2@',
      '1 WIFE @I1@',
      '1 MARR',
      '2 DATE 12 JUN 1921',
      '1 CHIL @I3@',
      '0 TRLR',
      '',
    ].join('\n'),
  );
}

describe('GEDCOM in and out in a browser', () => {
  let browser: Browser;
  let me: Person;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
    me = await registerPerson('gedcom', `Keeper ${run}`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['desktop', DESKTOP, '/people'],
    ['phone', PHONE, '/family'],
  ])(
    'imports a file through the screen, reads the report and downloads the family (%s)',
    async (name, viewport, start) => {
      await withPage(browser, viewport, async (page) => {
        const surname = `Berg${run}${name}`;
        await openAs(page, me, start);
        await page.getByRole('button', { name: 'Import from a genealogy program' }).click();
        const dialog = page.getByRole('dialog', { name: 'Import from a genealogy program' });
        await dialog.getByLabel('GEDCOM file or ZIP').setInputFiles({
          name: `${surname}.ged`,
          mimeType: 'application/octet-stream',
          buffer: familyFile(surname),
        });
        await dialog.getByText(`${surname}.ged`).waitFor();
        await dialogsShown(page);
        await screenshot(page, `gedcom-import-chosen-${name}`);
        await dialog.getByRole('button', { name: 'Import' }).click();

        await dialog.getByText('The import is done.').waitFor({ timeout: 30_000 });
        const cameIn = dialog.getByRole('region', { name: 'Came in' });
        await cameIn.getByText('3 people added to the archive').waitFor();
        await cameIn.getByText('1 partnership and 2 child ties').waitFor();
        await dialog
          .getByRole('region', { name: 'Worth a look' })
          .getByText(/31 FEB 1900/)
          .waitFor();
        await dialog.getByText(/program-specific entr/).waitFor();
        await screenshot(page, `gedcom-import-report-${name}`);
        await dialog.getByRole('button', { name: 'Close' }).click();

        await page.goto('/people');
        await page.getByRole('searchbox', { name: 'Find a person' }).fill(surname.toLowerCase());
        await page.getByRole('list', { name: 'People' }).getByText(`Karin ${surname}`).waitFor();

        await page.getByRole('button', { name: 'Download GEDCOM' }).click();
        const download = page.getByRole('dialog', { name: 'Download GEDCOM' });
        await download.getByLabel('Everything: dates, places, stories and photos').check();
        await dialogsShown(page);
        await screenshot(page, `gedcom-download-${name}`);
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          download.getByRole('link', { name: 'Download' }).click(),
        ]);
        expect(file.suggestedFilename()).toBe('family.ged');
        const text = readFileSync((await file.path())!, 'utf8');
        expect(text).toContain('2 VERS 7.0');
        expect(text).toContain(`1 NAME Astrid /${surname}/`);
        expect(text).toContain('2 DATE 12 JUN 1921');
      });
    },
  );

  it('on a phone with large text, the report names the people of each skipped tie in whole sentences', async () => {
    await withPage(browser, PHONE, async (page) => {
      await doubleTextSize(page);
      await openAs(page, me, '/family');
      await page.getByRole('button', { name: 'Import from a genealogy program' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import from a genealogy program' });
      // A family whose three people are each other's parents: every tie that closes the circle is skipped.
      await dialog
        .getByLabel('GEDCOM file or ZIP')
        .setInputFiles(path.join(GEDCOM_DIR, 'malformed', 'circular-reference.ged'));
      await dialog.getByRole('button', { name: 'Import' }).click();
      await dialog.getByText('The import is done.').waitFor({ timeout: 30_000 });
      const skipped = dialog.getByRole('region', { name: 'Skipped' });
      expect(await skipped.getByRole('listitem').allInnerTexts()).toEqual([
        'Person One is a partner in this family and cannot also be its child; the child tie is skipped.\n\nLine 8',
        'This child tie would make Person Two their own ancestor; it is skipped.\n\nLine 27',
        'This child tie would make Person One their own ancestor; it is skipped.\n\nLine 31',
      ]);
      // The page scrolls, not a box inside it: nothing cut, nothing sideways.
      const boxes = await skipped.getByRole('list').evaluate((list) => ({
        scroll: list.scrollHeight,
        client: list.clientHeight,
        overflow: getComputedStyle(list).overflowY,
      }));
      expect(boxes).toEqual({ scroll: boxes.client, client: boxes.client, overflow: 'visible' });
      await expectNothingSideways(page, 'the GEDCOM report at 200% text');
      await skipped.scrollIntoViewIfNeeded();
      await screenshot(page, 'gedcom-import-report-names-phone-large-text');
    });
  });

  it('on a laptop, a long group of the report shows its first five lines and the rest on request', async () => {
    await withPage(browser, LAPTOP, async (page) => {
      await openAs(page, me, '/people');
      await page.getByRole('button', { name: 'Import from a genealogy program' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import from a genealogy program' });
      // Fifteen continuation lines at the wrong level: each is read, and each is worth a look.
      await dialog.getByLabel('GEDCOM file or ZIP').setInputFiles(path.join(GEDCOM_DIR, 'edge-cases', 'cont-conc.ged'));
      await dialog.getByRole('button', { name: 'Import' }).click();
      await dialog.getByText('The import is done.').waitFor({ timeout: 30_000 });
      const worth = dialog.getByRole('region', { name: 'Worth a look' });
      await worth.getByRole('heading', { name: 'Worth a look (15)' }).waitFor();
      expect(await worth.getByRole('listitem').count()).toBe(5);
      await worth.getByRole('button', { name: 'Show all 15' }).click();
      expect(await worth.getByRole('listitem').count()).toBe(15);
      await worth.getByText('Line 63', { exact: true }).waitFor();
      await dialogsShown(page);
      await screenshot(page, 'gedcom-import-report-all-laptop');
    });
  });
});
