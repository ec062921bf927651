import type { FamilyRelation, PersonSummary } from '@family/contract';
import { EMPTY_NEW_MEMBER } from '../utils/member-form';
import { relatedIdsOf } from '../utils/relations';
import { checkExistingRelative, checkNewRelative } from '../utils/relative-form';

const alice: PersonSummary = { id: 3, username: 'alice', displayName: 'Alice', profilePicture: null };
const today = '2024-06-15';

describe('checkExistingRelative', () => {
  it('Add Relation asks for a family member and a relation type beside their fields', () => {
    expect(checkExistingRelative('create', null, '')).toEqual({
      errors: { person: 'Please select a family member', relationType: 'Please select a relation type' },
    });
    expect(checkExistingRelative('create', alice, '')).toEqual({
      errors: { relationType: 'Please select a relation type' },
    });
    expect(checkExistingRelative('create', alice, 'parent')).toEqual({ errors: {} });
  });

  it('the profile dialog asks for a user first, above the form', () => {
    expect(checkExistingRelative('invite', null, '')).toEqual({ formError: 'Please select a user', focus: 'person' });
    expect(checkExistingRelative('invite', alice, '')).toEqual({
      errors: { relationType: 'Please select a relation type' },
    });
    expect(checkExistingRelative('invite', alice, 'sibling')).toEqual({ errors: {} });
  });
});

describe('checkNewRelative', () => {
  it('Create New checks every field and the relation type', () => {
    expect(checkNewRelative('create', EMPTY_NEW_MEMBER, '', today)).toEqual({
      errors: {
        username: 'Username must be at least 3 characters',
        displayName: 'Display name is required',
        password: 'Password must be at least 6 characters',
        relationType: 'Please select a relation type',
      },
    });
  });

  it('the profile dialog asks for the details first when none are filled in', () => {
    expect(checkNewRelative('invite', { ...EMPTY_NEW_MEMBER, displayName: '  ' }, 'child', today)).toEqual({
      formError: 'Please fill in the new user details',
      focus: 'username',
    });
    expect(checkNewRelative('invite', { ...EMPTY_NEW_MEMBER, password: 'secret1' }, '', today)).toEqual({
      errors: { username: 'Username is required', relationType: 'Please select a relation type' },
    });
    expect(
      checkNewRelative('invite', { ...EMPTY_NEW_MEMBER, username: 'kid', password: 'secret1' }, 'child', today),
    ).toEqual({
      errors: {},
    });
  });
});

describe('relatedIdsOf', () => {
  it('finds the people related either way round, and nobody else', () => {
    const person = (id: number): PersonSummary => ({
      id,
      username: `user${id}`,
      displayName: `Person ${id}`,
      profilePicture: null,
    });
    const relation = (id: number, from: number, to: number): FamilyRelation => ({
      id,
      fromUserId: from,
      toUserId: to,
      relationType: 'sibling',
      fromUser: person(from),
      toUser: person(to),
    });
    expect(relatedIdsOf([relation(1, 2, 3), relation(2, 4, 2), relation(3, 5, 6)], 2)).toEqual(new Set([3, 4]));
    expect(relatedIdsOf([], 2)).toEqual(new Set());
  });
});
