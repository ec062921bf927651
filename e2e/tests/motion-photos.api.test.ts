import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ArchiveManifest, ExportJob, ImportJob } from '@family/contract';
import { signUp, type SignedUp } from '../support/api';
import { jpeg, uploadForm, waitPrepared } from '../support/media';
import { FIXTURES_DIR, probeStreams, SAMPLES_DIR, sampleFile } from '../support/media-samples';
import { readZip } from '../support/zip';

// Motion Photos, iPhone Live Photos and "View full size" (docs/api.md "Files and pictures"), through the gateway
// and the media worker that `npm start` runs, with real phone files and fixtures made by ffmpeg and exiftool.

describe('Motion and Live Photos, and full-size pictures', () => {
  async function bytesOf(person: SignedUp, url: string) {
    const response = await fetch(`${person.client.base}${url}`, { headers: { cookie: person.client.cookie } });
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  }

  async function upload(person: SignedUp, dir: string, name: string, type = 'photo') {
    const response = await person.client.post('/api/media', uploadForm({ type, title: name }, sampleFile(dir, name)));
    if (response.status !== 201) throw new Error(`${name}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  async function expectMotionPlays(person: SignedUp, item: any) {
    expect(item).toMatchObject({ type: 'photo', processing: 'ready', motionUrl: `/api/media/${item.id}/motion` });
    const motion = await bytesOf(person, item.motionUrl);
    expect(motion.response.status).toBe(200);
    expect(motion.response.headers.get('content-type')).toBe('video/mp4');
    const streams = await probeStreams(motion.body);
    expect(streams.find((stream) => stream.codec_type === 'video')?.codec_name).toBe('h264');
  }

  it("plays a real Samsung S22 Motion Photo's clip as an MP4 with a video stream", async () => {
    const sam = await signUp('msam');
    const created = await upload(sam, SAMPLES_DIR, 'samsung-s22-motion-photo.heic');
    const item = await waitPrepared(sam.client, created.id, 120_000);
    await expectMotionPlays(sam, item);
    const listed = await sam.client.get(`/api/media?uploaded=true&userId=${sam.user.id}`);
    expect(listed.body.items.find((listedItem: any) => listedItem.id === item.id).motionUrl).toBe(item.motionUrl);
  }, 240_000);

  it('plays the clip appended to a JPEG Motion Photo', async () => {
    const jo = await signUp('mjo');
    const item = await waitPrepared(jo.client, (await upload(jo, FIXTURES_DIR, 'motion-photo.jpg')).id);
    await expectMotionPlays(jo, item);
  });

  describe.each([
    ['the still first', ['live-still.jpg', 'live-motion.mov']],
    ['the MOV first', ['live-motion.mov', 'live-still.jpg']],
  ])('an iPhone Live Photo, %s', (_order, files) => {
    it('becomes one photo item whose motion plays and whose two originals download byte for byte', async () => {
      const liv = await signUp('mliv');
      const first = await upload(liv, FIXTURES_DIR, files[0], files[0].endsWith('.mov') ? 'video' : 'photo');
      const second = await upload(liv, FIXTURES_DIR, files[1], files[1].endsWith('.mov') ? 'video' : 'photo');
      expect(second).toMatchObject({ id: first.id, type: 'photo' });
      const item = await waitPrepared(liv.client, first.id);
      await expectMotionPlays(liv, item);
      const listed = await liv.client.get(`/api/media?uploaded=true&userId=${liv.user.id}`);
      expect(listed.body.items.map((listedItem: any) => listedItem.id)).toEqual([item.id]);
      const still = await bytesOf(liv, `${item.url}?download=1`);
      expect(still.body.equals(sampleFile(FIXTURES_DIR, 'live-still.jpg').bytes)).toBe(true);
      const mov = await bytesOf(liv, `${item.motionOriginalUrl}&download=1`);
      expect(mov.response.headers.get('content-disposition')).toContain('attachment; filename="live-motion.mov"');
      expect(mov.body.equals(sampleFile(FIXTURES_DIR, 'live-motion.mov').bytes)).toBe(true);
    });
  });

  it('pairs a real iPhone HEIC with a MOV carrying its content identifier; a ZIP download holds both', async () => {
    const ivy = await signUp('mivy');
    const heic = await upload(ivy, SAMPLES_DIR, 'iphone-xr-portrait-grid.HEIC');
    const mov = await upload(ivy, FIXTURES_DIR, 'live-iphone-xr.mov', 'video');
    expect(mov.id).toBe(heic.id);
    const item = await waitPrepared(ivy.client, heic.id, 120_000);
    await expectMotionPlays(ivy, item);
    // Downloading it among others gives both originals, side by side under one name.
    const zip = await bytesOf(ivy, `/api/media/download?ids=${item.id}`);
    const entries = await readZip(zip.body);
    const name = `${item.mediaDate} iphone-xr-portrait-grid.HEIC (${item.id})`;
    expect([...entries.keys()].sort()).toEqual([`${name}.heic`, `${name}.mov`]);
    expect(entries.get(`${name}.mov`)!.data.equals(sampleFile(FIXTURES_DIR, 'live-iphone-xr.mov').bytes)).toBe(true);
  }, 240_000);

  it("carries a Live Photo's MOV and a Motion Photo through a takeout and back, paired and playing", async () => {
    const liv = await signUp('mtko');
    const heic = await upload(liv, SAMPLES_DIR, 'iphone-xr-portrait-grid.HEIC');
    await upload(liv, FIXTURES_DIR, 'live-iphone-xr.mov', 'video');
    const motionPhoto = await upload(liv, FIXTURES_DIR, 'motion-photo.jpg');
    const live = await waitPrepared(liv.client, heic.id, 120_000);
    await waitPrepared(liv.client, motionPhoto.id);

    const started = await liv.client.post<ExportJob>('/api/exports', { scope: 'mine' });
    expect(started.status).toBe(202);
    let job = started.body;
    for (let tries = 0; job.status === 'running' && tries < 600; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await liv.client.get<ExportJob>(`/api/exports/${job.id}`)).body;
    }
    expect(job.status).toBe('ready');
    const zip = (await bytesOf(liv, job.downloadUrl!)).body;
    const entries = await readZip(zip);
    const manifest = JSON.parse(entries.get('archive.json')!.data.toString('utf8')) as ArchiveManifest;

    // Both originals of the Live Photo side by side, byte for byte, in archive.json and SHA256SUMS.
    const mov = sampleFile(FIXTURES_DIR, 'live-iphone-xr.mov').bytes;
    const movSha256 = createHash('sha256').update(mov).digest('hex');
    const base = `media/${live.mediaDate.slice(0, 4)}/${live.mediaDate} iphone-xr-portrait-grid.HEIC (${live.id})`;
    const exported = manifest.media.find((item) => item.id === live.id)!;
    expect(exported).toMatchObject({
      type: 'photo',
      path: `${base}.heic`,
      motion: {
        path: `${base}.mov`,
        sha256: movSha256,
        originalName: 'live-iphone-xr.mov',
        contentType: 'video/quicktime',
        sizeBytes: mov.length,
      },
    });
    expect(
      entries.get(`${base}.heic`)!.data.equals(sampleFile(SAMPLES_DIR, 'iphone-xr-portrait-grid.HEIC').bytes),
    ).toBe(true);
    expect(entries.get(`${base}.mov`)!.data.equals(mov)).toBe(true);
    expect(entries.get('SHA256SUMS')!.data.toString('utf8')).toContain(`${movSha256}  ${base}.mov\n`);
    // The Motion Photo is one file: its clip travels inside it, and there is no second original.
    const motionPhotoEntry = manifest.media.find((item) => item.id === motionPhoto.id)!;
    expect(motionPhotoEntry.motion).toBeNull();
    expect(entries.get(motionPhotoEntry.path!)!.data.equals(sampleFile(FIXTURES_DIR, 'motion-photo.jpg').bytes)).toBe(
      true,
    );
    expect([...entries.keys()].filter((name) => name.startsWith('media/'))).toHaveLength(3);
    // The offline viewer links the motion from the photo's card.
    expect(entries.get('index.html')!.data.toString('utf8')).toContain(`"motion":"${base}.mov"`);

    // Brought into another member's archive, the Live Photo is one photo again whose motion plays.
    const ivo = await signUp('mtki');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'takeout.zip');
    const importing = await ivo.client.post<ImportJob>('/api/imports', form);
    expect(importing.status).toBe(202);
    let imported = importing.body;
    for (let tries = 0; imported.status === 'running' && tries < 600; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      imported = (await ivo.client.get<ImportJob>(`/api/imports/${imported.id}`)).body;
    }
    expect(imported).toMatchObject({ status: 'ready', report: { media: 2, skipped: [] } });
    const listed = await ivo.client.get(`/api/media?uploaded=true&userId=${ivo.user.id}`);
    const byTitle = new Map<string, any>(listed.body.items.map((item: any) => [item.title, item]));
    const back = await waitPrepared(ivo.client, byTitle.get('iphone-xr-portrait-grid.HEIC').id, 120_000);
    await expectMotionPlays(ivo, back);
    expect(back.motionOriginalUrl).toBe(`/api/media/${back.id}/file?part=motion`);
    expect((await bytesOf(ivo, `${back.motionOriginalUrl}&download=1`)).body.equals(mov)).toBe(true);
    await expectMotionPlays(ivo, await waitPrepared(ivo.client, byTitle.get('motion-photo.jpg').id));
  }, 360_000);

  it.each([
    ['sony-a7s3.HIF', 4240, 2832],
    ['iphone-xr-portrait-grid.HEIC', 3024, 4032],
  ])(
    'shows %s full size as a JPEG of %i×%i',
    async (name, width, height) => {
      const fay = await signUp('mfay');
      const item = await waitPrepared(fay.client, (await upload(fay, SAMPLES_DIR, name)).id, 120_000);
      expect(item.fullSizeUrl).toBe(`/api/media/${item.id}/full-size`);
      const full = await bytesOf(fay, item.fullSizeUrl);
      expect(full.response.status).toBe(200);
      expect(full.response.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(full.body).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', width, height, undefined]);
    },
    240_000,
  );

  it('shows a JPEG full size as its original', async () => {
    const gus = await signUp('mgus');
    const bytes = await jpeg(77, { width: 300, height: 200 });
    const created = (
      await gus.client.post(
        '/api/media',
        uploadForm({ type: 'photo', title: 'Plain' }, { bytes, name: 'p.jpg', type: 'image/jpeg' }),
      )
    ).body;
    expect(created.fullSizeUrl).toBe(created.url);
  });
});
