import {
  EMPTY_NEW_MEMBER,
  memberPayload,
  validateNewMember,
  type MemberFormKind,
  type NewMemberFields,
} from '../utils/member-form';

const today = '2024-06-15';
const valid = { username: 'baby.jane', displayName: 'Baby Jane', password: 'secret1' };

/** The problems validateNewMember finds in a form filled in with `filled` (the other fields left empty). */
const problems = (kind: MemberFormKind, filled: Partial<NewMemberFields>) =>
  validateNewMember({ ...EMPTY_NEW_MEMBER, ...filled }, today, kind);

describe('validateNewMember', () => {
  describe("Add Relation's Create New ('create')", () => {
    it('finds nothing wrong with a complete member', () => {
      expect(problems('create', valid)).toEqual({});
      expect(problems('create', { ...valid, email: ' jane@example.com ', birthday: today })).toEqual({});
    });

    it('says what is wrong with every field, in the sentences of the spec', () => {
      const filled = { username: ' ab ', displayName: '  ', email: 'not-an-email', birthday: '2999-01-01' };
      expect(problems('create', { ...filled, password: '12345' })).toEqual({
        username: 'Username must be at least 3 characters',
        displayName: 'Display name is required',
        email: 'Invalid email',
        birthday: 'Birthday cannot be in the future',
        password: 'Password must be at least 6 characters',
      });
    });

    it('asks for a username of at least 3 characters and a display name', () => {
      expect(problems('create', { ...valid, username: 'ab' })).toEqual({
        username: 'Username must be at least 3 characters',
      });
      expect(problems('create', { ...valid, username: 'abc' })).toEqual({});
      expect(problems('create', { ...valid, displayName: '' })).toEqual({ displayName: 'Display name is required' });
    });
  });

  describe("the profile dialog's New User ('invite')", () => {
    it('needs a username of any length and lets the display name fall back to it', () => {
      expect(problems('invite', { username: 'al', password: 'secret1' })).toEqual({});
      expect(problems('invite', { username: '   ', password: 'secret1' })).toEqual({
        username: 'Username is required',
      });
    });

    it('checks email, birthday and password as Create New does', () => {
      const filled = { username: 'kid', email: 'bad@', birthday: '1899-12-31' };
      expect(problems('invite', { ...filled, password: '12345' })).toEqual({
        email: 'Invalid email',
        birthday: 'Birthday cannot be before 1900-01-01',
        password: 'Password must be at least 6 characters',
      });
    });
  });

  it('refuses a date that is not on the calendar', () => {
    expect(problems('create', { ...valid, birthday: '2023-02-30' })).toEqual({ birthday: 'Please enter a valid date' });
  });

  it('does not trim the password', () => {
    expect(problems('create', { ...valid, password: '      ' })).toEqual({});
    expect(problems('invite', { username: 'kid', password: '     ' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
  });
});

describe('memberPayload', () => {
  it('trims, falls back to the username for the display name and leaves empty optional fields out', () => {
    expect(memberPayload({ ...EMPTY_NEW_MEMBER, username: ' kid ', password: ' secret1', email: '  ' })).toEqual({
      username: 'kid',
      password: ' secret1',
      displayName: 'kid',
    });
    expect(
      memberPayload({
        ...EMPTY_NEW_MEMBER,
        username: 'jane',
        displayName: ' Jane ',
        email: ' j@x.io ',
        birthday: '2020-05-17',
      }),
    ).toEqual({ username: 'jane', password: '', displayName: 'Jane', email: 'j@x.io', birthday: '2020-05-17' });
  });
});
