/**
 * A synthetic family of any size as a GEDCOM 5.5.1 file (UTF-8), for tests and benches: generations that
 * marry, have children, sometimes remarry after being widowed or divorced, adopt, and are born and die in
 * a handful of places. The same person count and seed always give the same file. The people are made up
 * front in a few compact arrays; the text is produced line by line, so even 50,000 people stream out.
 */

export interface SyntheticGedcomOptions {
  seed?: number;
}

const GIVEN_FEMALE = [
  'Anna',
  'Maria',
  'Elisabeth',
  'Johanna',
  'Margarethe',
  'Sophie',
  'Ingrid',
  'Zoë',
  'Hélène',
  'Åsa',
  'Dorothea',
  'Clara',
];
const GIVEN_MALE = [
  'Johann',
  'Karl',
  'Friedrich',
  'Wilhelm',
  'Heinrich',
  'Peter',
  'Jürgen',
  'Søren',
  'François',
  'Piotr',
  'Thomas',
  'Jakob',
];
const SURNAMES = [
  'Müller',
  'Schmidt',
  'Larsen',
  'Dubois',
  'Nowak',
  'Brown',
  'Novák',
  'García',
  'Rossi',
  'Jansen',
  'Olsen',
  'Weber',
  'Fischer',
  'Moreau',
  'Kowalski',
  'Ødegaard',
];
const PLACES = [
  'Hamburg, Germany',
  'Aarhus, Denmark',
  'Lyon, France',
  'Kraków, Poland',
  'Boston, Massachusetts, USA',
  'Bergen, Norway',
  'Brno, Czechia',
  'Sevilla, Spain',
];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

interface Family {
  husband: number;
  wife: number;
  children: number[];
  year: number;
  divorced: boolean;
}

/** mulberry32: small, fast and good enough to make a family tree look varied. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function syntheticGedcom(personCount: number, options: SyntheticGedcomOptions = {}): string {
  return [...syntheticGedcomLines(personCount, options)].join('');
}

export function* syntheticGedcomLines(personCount: number, options: SyntheticGedcomOptions = {}): Generator<string> {
  const next = random(options.seed ?? 1850);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const sex: ('M' | 'F')[] = [];
  const born: number[] = [];
  const surname: string[] = [];
  const given: string[] = [];
  const adopted: boolean[] = [];
  const famc: number[] = [];
  const fams: number[][] = [];
  const families: Family[] = [];

  const person = (personSex: 'M' | 'F', year: number, family: string): number => {
    const id = sex.length;
    sex.push(personSex);
    born.push(year);
    surname.push(family);
    given.push(pick(personSex === 'F' ? GIVEN_FEMALE : GIVEN_MALE));
    adopted.push(false);
    famc.push(-1);
    fams.push([]);
    return id;
  };
  const marry = (a: number, b: number, year: number): number => {
    const [husband, wife] = sex[a] === 'M' ? [a, b] : [b, a];
    families.push({ husband, wife, children: [], year, divorced: false });
    fams[a].push(families.length - 1);
    fams[b].push(families.length - 1);
    return families.length - 1;
  };
  const spouseFor = (id: number): number =>
    person(sex[id] === 'M' ? 'F' : 'M', born[id] + Math.floor(next() * 7) - 3, pick(SURNAMES));

  const founders = (year: number) =>
    Array.from({ length: Math.min(40, personCount - sex.length) }, (_, index) =>
      person(index % 2 === 0 ? 'M' : 'F', year + Math.floor(next() * 15), pick(SURNAMES)),
    );
  let generation = founders(1680);
  while (sex.length < personCount) {
    if (generation.length === 0) generation = founders(1680 + Math.floor(next() * 200));
    const children: number[] = [];
    for (const id of generation) {
      if (sex.length >= personCount) break;
      if (fams[id].length > 0 || next() < 0.15) continue;
      const partners = next() < 0.08 ? 2 : 1;
      for (let marriage = 0; marriage < partners && sex.length < personCount; marriage++) {
        const spouse = spouseFor(id);
        const year = born[id] + 20 + Math.floor(next() * 10) + marriage * 12;
        const family = marry(id, spouse, year);
        if (partners === 2 && marriage === 0 && next() < 0.5) families[family].divorced = true;
        const count = Math.floor(next() * 5);
        for (let child = 0; child < count && sex.length < personCount; child++) {
          const father = families[family].husband;
          const kid = person(next() < 0.5 ? 'M' : 'F', year + 1 + child * 2 + Math.floor(next() * 2), surname[father]);
          famc[kid] = family;
          adopted[kid] = next() < 0.03;
          families[family].children.push(kid);
          children.push(kid);
        }
      }
    }
    generation = children;
  }

  yield '0 HEAD\n1 SOUR SYNTHETIC_FAMILY\n2 NAME Synthetic family\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n';
  for (let id = 0; id < sex.length; id++) {
    yield `0 @I${id + 1}@ INDI\n1 NAME ${given[id]} /${surname[id]}/\n2 GIVN ${given[id]}\n2 SURN ${surname[id]}\n1 SEX ${sex[id]}\n`;
    yield `1 BIRT\n2 DATE ${dateOf(born[id], next)}\n2 PLAC ${pick(PLACES)}\n`;
    if (born[id] < 1930 || next() < 0.1) {
      yield `1 DEAT\n2 DATE ${dateOf(born[id] + 40 + Math.floor(next() * 50), next)}\n2 PLAC ${pick(PLACES)}\n`;
    }
    if (id % 10 === 0) {
      yield `1 NOTE ${given[id]} was born in the ${Math.floor(born[id] / 100) + 1}th century.\n2 CONT Family stories say ${sex[id] === 'F' ? 'she' : 'he'} kept the farm's books.\n`;
    }
    if (famc[id] >= 0) yield `1 FAMC @F${famc[id] + 1}@\n2 PEDI ${adopted[id] ? 'adopted' : 'birth'}\n`;
    for (const family of fams[id]) yield `1 FAMS @F${family + 1}@\n`;
  }
  for (let index = 0; index < families.length; index++) {
    const family = families[index];
    yield `0 @F${index + 1}@ FAM\n1 HUSB @I${family.husband + 1}@\n1 WIFE @I${family.wife + 1}@\n`;
    for (const child of family.children) yield `1 CHIL @I${child + 1}@\n`;
    yield `1 MARR\n2 DATE ${dateOf(family.year, next)}\n2 PLAC ${PLACES[index % PLACES.length]}\n`;
    if (family.divorced) yield `1 DIV\n2 DATE ${family.year + 5}\n`;
  }
  yield '0 TRLR\n';
}

/** Mostly exact days; some only a month or year, some approximate or a range, as real files have them. */
function dateOf(year: number, next: () => number): string {
  const roll = next();
  const month = Math.floor(next() * 12);
  const day = 1 + Math.floor(next() * 28);
  if (roll < 0.6) return `${day} ${MONTHS[month]} ${year}`;
  if (roll < 0.75) return `${MONTHS[month]} ${year}`;
  if (roll < 0.85) return `ABT ${year}`;
  if (roll < 0.92) return `${year}`;
  if (roll < 0.97) return `BET ${year} AND ${year + 2}`;
  return `@#DJULIAN@ ${day} ${MONTHS[month]} ${year}`;
}
