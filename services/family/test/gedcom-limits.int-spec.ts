import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import yazl from 'yazl';
import { gedcomImports, startGedcomStack } from './gedcom-stack';

const GEDCOM_DIR = resolve(__dirname, '../../../../shared/gedcom');
const HEAD = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';

function zipOf(files: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(files)) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((done, fail) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => done(Buffer.concat(chunks)));
    zip.outputStream.on('error', fail);
  });
}

/**
 * The upload and job folders of the services running in this process (left ones are what an import failed to
 * remove); other processes on the machine have folders of their own.
 */
const gedcomTemp = () =>
  readdirSync(tmpdir()).filter((name) => name.startsWith(`family-gedcom-${hostname()}~${process.pid}~`));

describe('GEDCOM imports within their caps (real Postgres, auth, profile, media, family and its worker)', () => {
  let stack: Awaited<ReturnType<typeof startGedcomStack>>;
  const member = { id: 90_000_101, username: 'gedcom-limits' };
  // Folders a killed family service or worker left behind: a start removes them.
  const deadPid = spawnSync('true').pid!;
  const abandoned = [`family-gedcom-${hostname()}~${deadPid}~0badc0de-aB3dE9`];
  let tempBefore: string[] = [];

  const emptyArchive = async () => {
    await stack.db
      .query(`TRUNCATE family.relations, family.tie_changes, family.gedcom_people, family.gedcom_uids, family.gedcom_imports,
      profile.profiles, profile.person_changes, media.media_items, media.media_tags CASCADE`);
    await stack.db.query(`DELETE FROM auth.accounts`);
  };

  const { upload, importFile } = gedcomImports(() => stack, member);

  const nothingKept = async () => ({
    imports: Number((await stack.db.query(`SELECT count(*) FROM family.gedcom_imports`)).rows[0].count),
    people: Number((await stack.db.query(`SELECT count(*) FROM profile.profiles`)).rows[0].count),
    stored: (readdirSync(stack.storage).includes('gedcom') ? readdirSync(join(stack.storage, 'gedcom')) : []).length,
    temp: gedcomTemp().filter((name) => !tempBefore.includes(name)),
  });

  beforeAll(async () => {
    for (const name of abandoned) {
      mkdirSync(join(tmpdir(), name), { recursive: true });
      writeFileSync(join(tmpdir(), name, 'upload'), 'left behind');
    }
    stack = await startGedcomStack();
    tempBefore = gedcomTemp();
  });

  beforeEach(() => emptyArchive());

  afterAll(async () => {
    await emptyArchive();
    await stack.close();
  });

  it('removes at start the temporary files of a family service or worker that was killed', () => {
    for (const name of abandoned)
      expect({ name, left: existsSync(join(tmpdir(), name)) }).toEqual({ name, left: false });
  });

  it('refuses a file of more people than the cap while reading it, with 413 and a sentence, keeping nothing', async () => {
    // The people are counted as each record ends: the cap is met before the long line that follows them.
    const people = Array.from({ length: 50_002 }, (_, n) => `0 @I${n}@ INDI\n1 NAME P${n} /Q/\n`).join('');
    const file = Buffer.from(`${HEAD}${people}0 @N1@ NOTE ${'x'.repeat(1_100_000)}\n0 TRLR\n`);
    const refused = await upload(file, 'many.ged');
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 413,
      message: expect.stringMatching(/more than 50,000 people/),
    });
    expect(await nothingKept()).toEqual({ imports: 0, people: 0, stored: 0, temp: [] });
  }, 120_000);

  it('sends a ZIP entry to media once however many OBJE lines name it, tagged with all their people', async () => {
    const photo = readFileSync(join(GEDCOM_DIR, 'with-media/kennedy/photos/Rose-kennedy.jpg'));
    const people = Array.from(
      { length: 300 },
      (_, n) => `0 @I${n}@ INDI\n1 NAME P${n} /Same/\n1 OBJE\n2 FILE C:\\d${n}\\pic.jpg\n3 FORM jpg\n`,
    ).join('');
    const zip = await zipOf({ 'family.ged': Buffer.from(`${HEAD}${people}0 TRLR\n`), 'pic.jpg': photo });
    const done = await importFile(zip, 'one-photo.zip');
    expect({ status: done.status, error: done.error }).toEqual({ status: 'done', error: null });
    expect(done.report).toMatchObject({ people: 300, created: 300, media: 1, missingMedia: [] });
    const items = await stack.db.query(`SELECT id FROM media.media_items`);
    expect(items.rows).toHaveLength(1);
    const tags = await stack.db.query(`SELECT count(*) FROM media.media_tags WHERE media_id = $1`, [items.rows[0].id]);
    expect(Number(tags.rows[0].count)).toBe(300);
    // The job's folder goes as the job ends, just after its status is written.
    const left = () => gedcomTemp().filter((name) => !tempBefore.includes(name));
    for (let tries = 0; tries < 100 && left().length > 0; tries++) await new Promise((r) => setTimeout(r, 50));
    expect(left()).toEqual([]);
  }, 180_000);

  it('refuses a ZIP whose GEDCOM names more files than the cap, at upload, with 413', async () => {
    const files: Record<string, Buffer> = {};
    const lines: string[] = [];
    for (let n = 0; n <= 10_000; n++) {
      files[`photos/p${n}.jpg`] = Buffer.from(`photo ${n}`);
      lines.push(`0 @I${n}@ INDI\n1 NAME P${n} /Q/\n1 OBJE\n2 FILE photos/p${n}.jpg\n`);
    }
    files['family.ged'] = Buffer.from(`${HEAD}${lines.join('')}0 TRLR\n`);
    const refused = await upload(await zipOf(files), 'many-files.zip');
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 413,
      message: expect.stringMatching(/more than 10,000 files/),
    });
    expect(await nothingKept()).toEqual({ imports: 0, people: 0, stored: 0, temp: [] });
  }, 120_000);

  it('refuses a note whose CONC lines join past the cap, at upload, with 413 and its line', async () => {
    // Text that does not compress 200-fold, so the ZIP is no bomb: the note's length alone is refused.
    const conc = Array.from({ length: 20_000 }, () => `2 CONC ${randomBytes(75).toString('base64')}\n`).join('');
    const ged = `${HEAD}0 @I1@ INDI\n1 NAME Long /Note/\n1 NOTE start\n${conc}0 TRLR\n`;
    const refused = await upload(await zipOf({ 'family.ged': Buffer.from(ged) }), 'long-note.zip');
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 413,
      message: expect.stringMatching(/^Line 7: .*longer than 1,000,000 characters/),
    });
    expect(await nothingKept()).toEqual({ imports: 0, people: 0, stored: 0, temp: [] });
  }, 120_000);

  it('imports names holding a null character or a cut emoji, reporting the repair instead of failing', async () => {
    const longGiven = `${'x'.repeat(119)}\u{1F600}`;
    const ged = `${HEAD}0 @I1@ INDI\n1 NAME Ann\u0000a /Berg/\n0 @I2@ INDI\n1 NAME ${longGiven} /Emoji/\n0 TRLR\n`;
    const done = await importFile(Buffer.from(ged), 'nul.ged');
    expect({ status: done.status, error: done.error }).toEqual({ status: 'done', error: null });
    expect(done.report).toMatchObject({ people: 2, created: 2 });
    expect(done.report!.warnings).toContainEqual({ line: 6, reason: expect.stringMatching(/\\x00.*removed/) });
    const names = await stack.db.query(`SELECT given_name FROM profile.profiles ORDER BY surname`);
    expect(names.rows.map((row) => row.given_name)).toEqual(['Anna', 'x'.repeat(119)]);
  }, 120_000);
});
