import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { loadConfig } from '@family/shared';
import { asService, asUser, startTestApp, testEnv } from '@family/shared/testing';
import { AppModule as AuthModule } from '../../auth/src/app.module';
import { AuthConfig } from '../../auth/src/config';
import { AppModule as ProfileModule } from '../../profile/src/app.module';
import { ProfileConfig } from '../../profile/src/config';
import { AppModule } from '../src/app.module';
import { FamilyConfig } from '../src/config';

export interface Person {
  id: number;
  username: string;
  displayName: string;
}

export interface Running {
  app: INestApplication;
  url: string;
}

/**
 * The real profile and auth services and the family service, started in-process on free ports. Sign-up is
 * closed, so create-member proves that a signed-in member may still add a relative.
 */
export async function startStack() {
  const profile = await startTestApp(ProfileModule.register(loadConfig(ProfileConfig, testEnv())));
  const others = { PROFILE_URL: profile.url, MEDIA_URL: profile.url, ALBUMS_URL: profile.url, FAMILY_URL: profile.url };
  const auth = await startTestApp(
    AuthModule.register(loadConfig(AuthConfig, testEnv({ ...others, SIGNUP: 'closed' }))),
  );
  const family = await startTestApp(
    AppModule.register(loadConfig(FamilyConfig, testEnv({ PROFILE_URL: profile.url }))),
  );
  return {
    profile,
    auth,
    family,
    async close() {
      await family.app.close();
      await auth.app.close();
      await profile.app.close();
    },
  };
}

/** People made straight in the profile directory (all the family service needs), with ids from `firstId` up. */
export function peopleMaker(profileUrl: string, firstId: number) {
  let next = firstId;
  return async (displayName: string): Promise<Person> => {
    const id = next++;
    const person = { id, username: `person${id}`, displayName };
    await request(profileUrl).post('/internal/profiles').set(asService('auth')).send(person).expect(201);
    return person;
  };
}

export const as = (person: Pick<Person, 'id' | 'username'>) => asUser({ id: person.id, username: person.username });
