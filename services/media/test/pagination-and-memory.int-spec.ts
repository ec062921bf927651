import { createHash } from 'node:crypto';
import * as http from 'node:http';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import request from 'supertest';
import { addPerson, type MediaStack, type Person, startMediaStack } from './support';

const MiB = 1024 * 1024;

// A full garbage collection on demand, so what is measured is memory still held, not garbage awaiting collection.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const liveBytes = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

describe('media at scale: keyset pagination and flat memory while uploading', () => {
  let stack: MediaStack;
  let olga: Person;
  let paul: Person;

  beforeAll(async () => {
    stack = await startMediaStack();
    olga = await addPerson(stack, 401, 'olga', 'Olga');
    paul = await addPerson(stack, 402, 'paul', 'Paul');
  });

  afterAll(async () => {
    await stack.close();
  });

  it('pages through thousands of items without duplicates or gaps, newest date first then id', async () => {
    // 3000 items on only 37 distinct dates, so most pages break inside a run of equal dates.
    await stack.db.query(
      `INSERT INTO media.media_items (user_id, type, title, media_date)
       SELECT $1, (ARRAY['photo','video','audio','document','post'])[1 + g % 5], 'Bulk item ' || g, date '1990-01-01' + (g * 7919 % 37)
       FROM generate_series(1, 3000) g`,
      [olga.id],
    );
    const expected: number[] = (
      await stack.db.query(`SELECT id FROM media.media_items WHERE user_id = $1 ORDER BY media_date DESC, id DESC`, [
        olga.id,
      ])
    ).map((row: { id: number }) => row.id);
    expect(expected).toHaveLength(3000);

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/api/media?userId=${olga.id}&uploaded=true&limit=200${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await request(stack.media.url).get(query).set(paul.headers).expect(200);
      seen.push(...response.body.items.map((item: { id: number }) => item.id));
      cursor = response.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(15);
    expect(seen).toEqual(expected);

    // The default page is 60, and a filtered list pages the same way.
    const first = await request(stack.media.url)
      .get(`/api/media?userId=${olga.id}&uploaded=true`)
      .set(paul.headers)
      .expect(200);
    expect(first.body.items).toHaveLength(60);
    const photos: number[] = [];
    cursor = null;
    do {
      const query: string = `/api/media?userId=${olga.id}&type=photo&q=bulk&limit=77${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await request(stack.media.url).get(query).set(paul.headers).expect(200);
      photos.push(...response.body.items.map((item: { id: number }) => item.id));
      cursor = response.body.nextCursor;
    } while (cursor);
    const expectedPhotos = (
      await stack.db.query(
        `SELECT id FROM media.media_items WHERE user_id = $1 AND type = 'photo' ORDER BY media_date DESC, id DESC`,
        [olga.id],
      )
    ).map((row: { id: number }) => row.id);
    expect(photos).toEqual(expectedPhotos);
  });

  it('keeps memory flat while a 48 MB upload streams into storage', async () => {
    const size = 48 * MiB;
    const boundary = '----family-archive-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\ndocument\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBig scan\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const hash = createHash('sha256');

    collectGarbage();
    const baseline = liveBytes();
    let peak = baseline;
    // Measured every megabyte sent: were the file held anywhere (a buffer, a parser), this would climb to 48 MB.
    const sample = () => {
      collectGarbage();
      peak = Math.max(peak, liveBytes());
    };

    // The body is made 64 KB at a time as the socket takes it: the test holds no more of it than the service.
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${stack.media.url}/api/media`,
        {
          method: 'POST',
          headers: {
            ...paul.headers,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + size + tail.length),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      let sent = 0;
      const write = () => {
        while (sent < size) {
          if (sent % MiB === 0) sample();
          const chunk = Buffer.alloc(Math.min(64 * 1024, size - sent), sent === 0 ? 0 : (sent / 65536) % 251);
          if (sent === 0) Buffer.from('%PDF-1.7\n').copy(chunk);
          hash.update(chunk);
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', write);
            return;
          }
        }
        req.end(tail);
      };
      req.write(head);
      write();
    });
    sample();

    expect(response.status).toBe(201);
    const growthMiB = (peak - baseline) / MiB;
    process.stdout.write(
      `upload memory: live memory grew at most ${growthMiB.toFixed(1)} MiB while streaming ${size / MiB} MiB\n`,
    );
    expect(growthMiB).toBeLessThan(8);

    const item = JSON.parse(response.body);
    const [row] = await stack.db.query(`SELECT sha256, file_size, object_key FROM media.media_items WHERE id = $1`, [
      item.id,
    ]);
    expect(row).toMatchObject({ sha256: hash.digest('hex'), file_size: String(size) });
    expect((await stack.storage.stat(row.object_key))?.size).toBe(size);
    // 48 full collections cost seconds of CPU: on a busy machine they outlast jest's 30 s, which measures nothing here.
  }, 120_000);
});
