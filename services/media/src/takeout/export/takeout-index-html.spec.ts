import type { ArchiveManifest, ArchivePerson } from '@family/contract';
import { indexHtml } from './takeout-index-html';

function person(
  id: number,
  displayName: string,
  birth: string | null,
  death: string | null | undefined,
): ArchivePerson {
  return {
    id,
    username: null,
    displayName,
    profilePicture: null,
    hasAccount: false,
    givenName: null,
    surname: null,
    sex: 'U',
    birth: birth ? { date: birth, place: null } : null,
    death: death === undefined ? null : { date: death, place: null },
    living: false,
    story: null,
    gedcomXref: `@I${id}@`,
    picturePath: null,
  };
}

/** The data the page carries for its script, read back from the page. */
function pageData(manifest: ArchiveManifest) {
  const html = indexHtml(manifest, 1);
  const json = /<script type="application\/json" id="archive-data">(.*?)<\/script>/s.exec(html)![1]!;
  return JSON.parse(json) as {
    people: { name: string; years: string | null; born: string | null; died: string | null }[];
  };
}

describe('the takeout page (index.html)', () => {
  it('carries genealogical dates in words, as the web app writes them', () => {
    const manifest = {
      exportedBy: { id: 1, displayName: 'Anna' },
      exportedAt: '2026-11-27T10:00:00.000Z',
      people: [
        person(1, 'Anna', 'ABT 1850', '1910'),
        person(2, 'Cleo', 'BET 1942 AND 1944', 'BEF 2010'),
        person(3, 'Dora', 'AFT 1900', undefined),
        person(4, 'Emil', 'FROM 1 MAR 1920 TO 1921', null),
        person(5, 'Finn', null, null),
      ],
      partnerships: [],
      childTies: [],
      albums: [],
      media: [],
    } as unknown as ArchiveManifest;
    expect(pageData(manifest).people).toEqual([
      expect.objectContaining({ name: 'Anna', years: 'about 1850 – 1910', born: 'about 1850', died: '1910' }),
      expect.objectContaining({
        name: 'Cleo',
        years: '1942/1944 – before 2010',
        born: 'between 1942 and 1944',
        died: 'before 2010',
      }),
      expect.objectContaining({ name: 'Dora', years: 'born after 1900', born: 'after 1900', died: null }),
      expect.objectContaining({ name: 'Emil', years: '1920/1921–?', born: 'from 1 March 1920 to 1921', died: null }),
      expect.objectContaining({ name: 'Finn', years: null, born: null, died: null }),
    ]);
  });
});
