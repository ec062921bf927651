import { isPosition, nearestCity } from './nearest-city';

describe('nearestCity', () => {
  const places = nearestCity();

  it('names the city a position is in, with its country, a large city reaching past its suburbs', () => {
    expect(places.nameOf({ latitude: 48.8584, longitude: 2.2945 })).toBe('Paris, France'); // the Eiffel Tower
    expect(places.nameOf({ latitude: 48.8867, longitude: 2.3431 })).toBe('Paris, France'); // Montmartre
    expect(places.nameOf({ latitude: 48.9116, longitude: 2.3344 })).toBe('Saint-Ouen, France');
    expect(places.nameOf({ latitude: 52.5163, longitude: 13.3777 })).toBe('Berlin, Germany');
    expect(places.nameOf({ latitude: -33.8568, longitude: 151.2153 })).toBe('Sydney, Australia');
    expect(places.nameOf({ latitude: 40.7484, longitude: -73.9857 })).toBe('New York City, United States');
  });

  it('finds the nearest across the date line and near the poles, and nothing in the middle of an ocean', () => {
    expect(places.nameOf({ latitude: -18.1416, longitude: 178.4419 })).toBe('Suva, Fiji');
    expect(places.nameOf({ latitude: 78.2232, longitude: 15.6267 })).toBe('Longyearbyen, Svalbard & Jan Mayen');
    expect(places.nameOf({ latitude: -40, longitude: -130 })).toBeNull();
  });

  it('ignores positions that are not on Earth', () => {
    expect(isPosition({ latitude: 91, longitude: 0 })).toBe(false);
    expect(isPosition({ latitude: 0, longitude: -180.5 })).toBe(false);
    expect(isPosition({ latitude: Number.NaN, longitude: 0 })).toBe(false);
    expect(places.nameOf({ latitude: 48.8, longitude: 720 })).toBeNull();
  });
});
