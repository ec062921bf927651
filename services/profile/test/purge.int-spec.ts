import request from 'supertest';
import sharp from 'sharp';
import type { Identity } from '@family/shared';
import { asService, asUser } from '@family/shared/testing';
import { createPerson, startProfile, storedPictures, type ProfileUnderTest } from './support';

describe('purge of a deleted account (real Postgres, local object storage)', () => {
  let profile: ProfileUnderTest;

  beforeAll(async () => {
    profile = await startProfile();
  });

  afterAll(async () => {
    await profile.close();
  });

  async function personWithEverything(id: number, username: string): Promise<Identity> {
    const person = await createPerson(profile.url, id, username);
    const headers = asUser(person);
    await request(profile.url)
      .patch('/api/user/profile')
      .set(headers)
      .send({ dateOfBirth: '1970-05-05', email: `${username}@example.org` })
      .expect(200);
    await request(profile.url).post('/api/users/story').set(headers).send({ story: 'My life' }).expect(200);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'green' } })
      .png()
      .toBuffer();
    await request(profile.url)
      .post('/api/users/profile-picture')
      .set(headers)
      .attach('file', png, 'me.png')
      .expect(200);
    for (const title of ['One', 'Two']) {
      await request(profile.url).post('/api/memories').set(headers).send({ title, content: 'text' }).expect(201);
    }
    return person;
  }

  const rowsOf = async (userId: number) => ({
    profiles: Number(
      (await profile.db.query(`SELECT count(*) FROM profile.profiles WHERE user_id = $1`, [userId]))[0].count,
    ),
    memories: Number(
      (await profile.db.query(`SELECT count(*) FROM profile.memories WHERE user_id = $1`, [userId]))[0].count,
    ),
  });

  it('removes the profile, picture and memories of that person only, and is idempotent', async () => {
    const gone = await personWithEverything(4001, 'gone.soon');
    const stays = await personWithEverything(4002, 'stays');
    expect(await storedPictures(profile.storageDir)).toHaveLength(2);
    const staysBefore = (await request(profile.url).get(`/api/users/${stays.id}`).set(asUser(stays)).expect(200)).body;
    const staysMemories = (await request(profile.url).get('/api/memories').set(asUser(stays)).expect(200)).body;

    await request(profile.url).delete(`/internal/users/${gone.id}`).set(asService('auth')).expect(204);

    expect(await rowsOf(gone.id)).toEqual({ profiles: 0, memories: 0 });
    expect((await storedPictures(profile.storageDir)).filter((key) => key.startsWith(`${gone.id}-`))).toEqual([]);
    await request(profile.url).get(`/api/users/${gone.id}`).set(asUser(stays)).expect(404);
    await request(profile.url).get(`/api/users/${gone.id}/picture`).set(asUser(stays)).expect(404);
    await request(profile.url).get(`/api/memories?userId=${gone.id}`).set(asUser(stays)).expect(404);
    // The deleted person's session, if it lingers, is treated as signed out.
    await request(profile.url).get('/api/user').set(asUser(gone)).expect(401);

    // Nothing of anyone else is lost.
    expect(await rowsOf(stays.id)).toEqual({ profiles: 1, memories: 2 });
    expect(await storedPictures(profile.storageDir)).toHaveLength(1);
    expect((await request(profile.url).get(`/api/users/${stays.id}`).set(asUser(stays)).expect(200)).body).toEqual(
      staysBefore,
    );
    expect((await request(profile.url).get('/api/memories').set(asUser(stays)).expect(200)).body).toEqual(
      staysMemories,
    );
    await request(profile.url).get(staysBefore.profilePicture).set(asUser(stays)).expect(200);

    // Again, and for someone who never existed: nothing to do, same answer.
    await request(profile.url).delete(`/internal/users/${gone.id}`).set(asService('auth')).expect(204);
    await request(profile.url).delete('/internal/users/987654').set(asService('auth')).expect(204);
  });

  it('purges a person who never set a picture', async () => {
    const plain = await createPerson(profile.url, 4003, 'plain');
    await request(profile.url)
      .post('/api/memories')
      .set(asUser(plain))
      .send({ title: 'Hi', content: 'there' })
      .expect(201);
    await request(profile.url).delete(`/internal/users/${plain.id}`).set(asService('auth')).expect(204);
    expect(await rowsOf(plain.id)).toEqual({ profiles: 0, memories: 0 });
  });

  it("is only for the archive's own services", async () => {
    const person = await createPerson(profile.url, 4004, 'keeper');
    await request(profile.url).delete(`/internal/users/${person.id}`).set(asUser(person)).expect(403);
    await request(profile.url).delete(`/internal/users/${person.id}`).expect(403);
    expect(await rowsOf(person.id)).toEqual({ profiles: 1, memories: 0 });
  });
});
