import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { signUp, type SignedUp } from '../support/api';
import { makeAdmin } from '../support/admin';
import { pngFile, uploadMedia, waitPrepared } from '../support/media';
import { runInfo, stack } from '../support/stack';

/** docs/architecture.md "Integrity": files taken away or changed under the archive, and what the report says. */
describe('the integrity check', () => {
  let admin: SignedUp;
  let member: SignedUp;
  const root = path.join(stack.dataDir, 'objects');

  beforeAll(async () => {
    admin = await signUp('intadmin');
    member = await signUp('intmember');
    await makeAdmin(admin.user.id);
  });

  async function keyOf(id: number): Promise<string> {
    const db = new Client({ connectionString: runInfo().databaseUrl });
    await db.connect();
    try {
      return (await db.query(`SELECT object_key FROM media.media_items WHERE id = $1`, [id])).rows[0].object_key;
    } finally {
      await db.end();
    }
  }

  const fileOf = (key: string) => path.join(root, ...key.split('/'));

  /** Asks for a check (waiting out one the worker started by itself) and waits until its report is done. */
  async function runCheck(deep: boolean): Promise<any> {
    let started: { status: number; body: { id: number } } | undefined;
    for (let tries = 0; tries < 120; tries++) {
      started = await admin.client.post('/api/admin/integrity', { deep });
      if (started.status !== 409) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(started!.status).toBe(202);
    for (let tries = 0; tries < 240; tries++) {
      const report = (await admin.client.get('/api/admin/integrity')).body;
      if (report.id === started!.body.id && report.status !== 'waiting' && report.status !== 'running') {
        const findings = [...report.findings];
        for (let cursor = report.nextCursor; cursor;) {
          const page = (await admin.client.get(`/api/admin/integrity/${report.id}/findings?after=${cursor}`)).body;
          findings.push(...page.findings);
          cursor = page.nextCursor;
        }
        return { ...report, findings };
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('The integrity check did not end in two minutes');
  }

  it('names a deleted original, a changed byte (deep) and an orphan file by item and uploader, and remakes a missing thumbnail', async () => {
    const upload = async (title: string, colour: [number, number, number]) =>
      waitPrepared(member.client, (await uploadMedia(member.client, { type: 'photo', title }, pngFile(colour, 64))).id);
    const gone = await upload('Integrity gone', [200, 10, 10]);
    const changed = await upload('Integrity changed', [10, 200, 10]);
    const thumbless = await upload('Integrity thumbless', [10, 10, 200]);

    fs.rmSync(fileOf(await keyOf(gone.id)));
    const changedFile = fileOf(await keyOf(changed.id));
    const bytes = fs.readFileSync(changedFile);
    bytes[bytes.length - 1] ^= 0xff;
    fs.writeFileSync(changedFile, bytes);
    const orphanKey = `media/2001/01/orphan-${Date.now()}`;
    fs.mkdirSync(path.dirname(fileOf(orphanKey)), { recursive: true });
    fs.writeFileSync(fileOf(orphanKey), 'nobody uploaded this');
    fs.rmSync(fileOf(`derived/${thumbless.id}/thumbnail.webp`));

    const report = await runCheck(true);
    expect(report).toMatchObject({ status: 'done', deep: true, error: null });
    const uploader = { id: member.user.id, username: member.username, displayName: 'intmember Person' };
    expect(report.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          problem: 'missing',
          item: { id: gone.id, title: 'Integrity gone', uploader },
          detail: 'The original is missing from storage.',
        }),
        expect.objectContaining({
          problem: 'sha256',
          item: { id: changed.id, title: 'Integrity changed', uploader },
        }),
        expect.objectContaining({ problem: 'orphan', item: null, objectKey: orphanKey }),
        expect.objectContaining({
          problem: 'remade',
          item: { id: thumbless.id, title: 'Integrity thumbless', uploader },
          objectKey: `derived/${thumbless.id}/thumbnail.webp`,
        }),
      ]),
    );
    // Nothing was deleted: the orphan is still there.
    expect(fs.existsSync(fileOf(orphanKey))).toBe(true);
    // The thumbnail was made again by the prepare job.
    await waitPrepared(member.client, thumbless.id);
    expect((await member.client.get(`/api/media/${thumbless.id}/thumbnail`)).status).toBe(200);

    // A plain run reads sizes only: the changed byte (same size) is not named, the missing original still is.
    const plain = await runCheck(false);
    const about = (id: number) => plain.findings.filter((f: { item: { id: number } | null }) => f.item?.id === id);
    expect(about(changed.id)).toEqual([]);
    expect(about(gone.id).map((f: { problem: string }) => f.problem)).toEqual(['missing']);
  });

  it('refuses deep that is not true or false, and the findings of a report that does not exist', async () => {
    const bad = await admin.client.post('/api/admin/integrity', { deep: 'yes' });
    expect([bad.status, bad.body.message]).toEqual([400, 'deep must be true or false']);
    const missing = await admin.client.get('/api/admin/integrity/999999/findings');
    expect([missing.status, missing.body.message]).toEqual([404, 'There is no integrity report with that id.']);
  });
});
