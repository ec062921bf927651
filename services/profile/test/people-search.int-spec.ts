import request from 'supertest';
import { PEOPLE_QUERY_MAX, type PeoplePage } from '@family/contract';
import { asUser } from '@family/shared/testing';
import { createPerson, startProfile, type ProfileUnderTest } from './support';

/**
 * GET /api/people?q= as the pickers use it (docs/api.md "People"): ranked, members only on request, every
 * character taken literally, and a search text too long refused at once. People without accounts are written
 * straight into the table (as a GEDCOM import leaves them), members through profile's own internal route.
 */
describe('people search', () => {
  let profile: ProfileUnderTest;
  let viewer: { id: number; username: string };
  /** Ids of this file's own, beyond those other files choose. */
  let nextId = 930_000;

  const relative = async (displayName: string, givenName: string | null = null, surname: string | null = null) => {
    const id = nextId++;
    await profile.db.query(
      `INSERT INTO profiles (user_id, username, display_name, given_name, surname) VALUES ($1, NULL, $2, $3, $4)`,
      [id, displayName, givenName, surname],
    );
    return id;
  };
  const member = async (username: string, displayName: string) =>
    (await createPerson(profile.url, nextId++, username, displayName)).id;

  const search = (query: string, expected = 200) =>
    request(profile.url).get(`/api/people?${query}`).set(asUser(viewer)).expect(expected);
  const names = (body: PeoplePage) => body.items.map((person) => person.displayName);

  beforeAll(async () => {
    profile = await startProfile();
    viewer = await createPerson(profile.url, nextId++, 'searcher', 'Searcher');
  });

  afterAll(() => profile.close());

  it('ranks members first, then a display name that begins with the text, then a name that does, then the rest', async () => {
    await relative('Ann Bqzxc', 'Ann', 'Bqzxc');
    await relative('Qzxa Brown', 'Qzxa', 'Brown');
    await relative('Bob Qzxa', 'Bob', 'Qzxa');
    await relative('Aqzx Zed', 'Aqzx', 'Zed');
    await relative('Ann Qzxb', 'Ann', 'Qzxb');
    // Found by the surname, though the display name does not hold it: a name that begins with the text.
    await relative('Great-aunt Lou', 'Louisa', 'Qzxdorf');
    await member('mqzx-member', 'Mqzx Member');
    const expected = ['Mqzx Member', 'Qzxa Brown', 'Ann Qzxb', 'Bob Qzxa', 'Great-aunt Lou', 'Ann Bqzxc', 'Aqzx Zed'];

    expect(names((await search('q=QZX')).body)).toEqual(expected);

    // The keyset is the whole rank: two at a time, the same people in the same order, each once.
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: PeoplePage = (await search(`q=qzx&limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...names(page));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(expected);

    // A search's cursor is refused without the search, and the other way round.
    const ranked = (await search('q=qzx&limit=2')).body as PeoplePage;
    const refused = await search(`cursor=${ranked.nextCursor}`, 400);
    expect(refused.body.message).toBe('The cursor is not one this list gave out.');
    const plain = (await search('limit=1')).body as PeoplePage;
    await search(`q=qzx&cursor=${plain.nextCursor}`, 400);
  });

  it('keeps to members when asked, with and without search text', async () => {
    await relative('Mwq Relative', 'Mwq', 'Relative');
    await member('mwq-one', 'Mwq One');
    await member('mwq-two', 'Mwq Two');

    expect(names((await search('q=mwq&members=true')).body)).toEqual(['Mwq One', 'Mwq Two']);
    expect(names((await search('q=mwq&members=false')).body)).toEqual(['Mwq One', 'Mwq Two', 'Mwq Relative']);
    const everyMember: PeoplePage = (await search('members=true&limit=200')).body;
    expect(everyMember.items.every((person) => person.hasAccount && person.username !== null)).toBe(true);
    expect(names(everyMember)).toEqual(expect.arrayContaining(['Mwq One', 'Mwq Two', 'Searcher']));
    expect(names(everyMember)).not.toContain('Mwq Relative');

    const bad = await search('members=yes', 400);
    expect(bad.body.message).toBe('members must be true or false');
  });

  it("takes %, _ and \\ as the characters they are, not as LIKE's wildcards", async () => {
    await relative('Wq%z Percent');
    await relative('Wqaz Percent');
    await relative('Wq_z Under');
    await relative('Wqbz Under');
    await relative('Wq\\z Slash');
    await relative('Wqz Slash');

    expect(names((await search(`q=${encodeURIComponent('wq%z')}`)).body)).toEqual(['Wq%z Percent']);
    expect(names((await search(`q=${encodeURIComponent('wq_z')}`)).body)).toEqual(['Wq_z Under']);
    expect(names((await search(`q=${encodeURIComponent('wq\\z')}`)).body)).toEqual(['Wq\\z Slash']);
    // A wildcard alone (short text: the start of a name's word) finds only names with a word that begins with it.
    await relative('%Percent Start');
    await relative('_Under Start');
    await relative('\\Slash Start');
    for (const wildcard of ['%', '_', '\\']) {
      const found: PeoplePage = (await search(`q=${encodeURIComponent(wildcard)}&limit=200`)).body;
      expect(found.items.length).toBeGreaterThan(0);
      const words = found.items.map((p) =>
        [p.displayName, p.givenName, p.surname, p.username].join(' ').toLowerCase().split(' '),
      );
      expect(words.filter((list) => !list.some((word) => word.startsWith(wildcard)))).toEqual([]);
    }
  });

  it('takes one or two characters as the start of a name, three or more as any part of one', async () => {
    await relative('Vqlo Mvq', 'Vqlo', 'Mvq');
    await relative('Avq Zed', 'Avq', 'Zed');
    await relative('Zed Vqa', 'Zed', 'Vqa');
    expect(names((await search('q=vq')).body)).toEqual(['Vqlo Mvq', 'Zed Vqa']);
    expect(names((await search('q=vql')).body)).toEqual(['Vqlo Mvq']);
    expect(names((await search('q=mvq')).body)).toEqual(['Vqlo Mvq']);
    expect(names((await search('q=avq')).body)).toEqual(['Avq Zed']);
    // Counted in characters, not UTF-16 units: an emoji and a letter are two characters.
    await relative('😀x Emoji');
    expect(names((await search(`q=${encodeURIComponent('😀x')}`)).body)).toEqual(['😀x Emoji']);
  });

  it('finds names in any letters, and answers odd text with nobody rather than an error', async () => {
    await relative('Józef Świętosławski', 'Józef', 'Świętosławski');
    await relative('Zoë Brontë-Qq', 'Zoë', 'Brontë-Qq');

    expect(names((await search(`q=${encodeURIComponent('ŚWIĘTO')}`)).body)).toEqual(['Józef Świętosławski']);
    // An "ë" typed as e and a combining diaeresis (NFD) finds the "ë" a keyboard writes (NFC).
    expect(names((await search(`q=${encodeURIComponent('zoe\u0308')}`)).body)).toEqual(['Zoë Brontë-Qq']);
    for (const odd of ['🙂', '\u202e\u05d0', 'ﷺ', '\u200b', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢']) {
      expect((await search(`q=${encodeURIComponent(odd)}`)).body).toEqual({ items: [], nextCursor: null });
    }
    // Not UTF-8 at all (a lone surrogate's bytes): searched for as the text it reads as, finding nobody.
    expect((await search('q=%ED%A0%80')).body).toEqual({ items: [], nextCursor: null });
    const nul = await search('q=a%00b', 400);
    expect(nul.body.message).toEqual(expect.any(String));
  });

  it('refuses search text over the cap with a sentence, however long', async () => {
    await search(`q=${'a'.repeat(PEOPLE_QUERY_MAX)}`);
    const over = await search(`q=${'a'.repeat(PEOPLE_QUERY_MAX + 1)}`, 400);
    expect(over.body).toEqual({ statusCode: 400, message: 'Search text must be at most 200 characters' });
    const long = await search(`q=${'%25'.repeat(5_000)}`, 400);
    expect(long.body.message).toBe('Search text must be at most 200 characters');
    // A megabyte of address never reaches the service: Node's HTTP parser refuses it (431) after 16 kB.
    await search(`q=${'a'.repeat(1024 * 1024)}`, 431);
  });
});
