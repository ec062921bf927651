import { serviceFor } from './services';

describe('serviceFor', () => {
  it('sends deleting and merging a person to family, the rest of /api/people to profile', () => {
    expect(serviceFor('DELETE', '/api/people/12')).toBe('family');
    expect(serviceFor('POST', '/api/people/12/merge')).toBe('family');
    expect(serviceFor('GET', '/api/people/12')).toBe('profile');
    expect(serviceFor('PATCH', '/api/people/12')).toBe('profile');
    expect(serviceFor('POST', '/api/people/12/invite')).toBe('profile');
    expect(serviceFor('DELETE', '/api/people')).toBe('profile');
  });

  it('sends items in albums to media, and unknown paths nowhere', () => {
    expect(serviceFor('POST', '/api/albums/3/media')).toBe('media');
    expect(serviceFor('GET', '/api/albums/3')).toBe('albums');
    expect(serviceFor('GET', '/api/nothing')).toBeNull();
  });
});
