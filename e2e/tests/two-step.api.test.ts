import type { ChildProcess } from 'node:child_process';
import { ApiClient, signUp, uniqueName } from '../support/api';
import { baseUrl, makeResetCode, startExtraProcess, stopProcess } from '../support/stack';
import { codeAt, turnOnTwoStep } from '../support/two-step';

const WRONG_CODE =
  'That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.';

/** Signs in with the password on a new client: answers the client and what the first step said. */
async function passwordStep(username: string, password: string, base = baseUrl) {
  const client = new ApiClient(base);
  const first = await client.post('/api/login', { username, password });
  return { client, first };
}

describe('two-step sign-in and signed-in devices through the whole archive', () => {
  it('signs in with a code after the password, refuses a wrong one with a sentence, takes a recovery code once', async () => {
    const member = await signUp('totp');
    const { secret, recoveryCodes } = await turnOnTwoStep(member.client);
    expect(recoveryCodes).toHaveLength(10);

    const { client, first } = await passwordStep(member.username, member.password);
    expect(first).toMatchObject({ status: 200, body: { secondStep: ['totp'] } });
    expect((await client.get('/api/media')).status).toBe(401);
    const wrong = await client.post('/api/login/code', { code: '123456' });
    expect(wrong).toMatchObject({ status: 401, body: { message: WRONG_CODE } });
    const right = await client.post('/api/login/code', { code: await codeAt(secret, 1) });
    expect(right.status).toBe(200);
    expect((await client.get('/api/user')).body.username).toBe(member.username);

    const recovery = await passwordStep(member.username, member.password);
    expect((await recovery.client.post('/api/login/code', { code: recoveryCodes[0] })).status).toBe(200);
    const spent = await passwordStep(member.username, member.password);
    expect(await spent.client.post('/api/login/code', { code: recoveryCodes[0] })).toMatchObject({
      status: 401,
      body: { message: WRONG_CODE },
    });
  });

  it("the operator's reset code turns two-step sign-in off with the password", async () => {
    const member = await signUp('lost');
    await turnOnTwoStep(member.client);
    const resetCode = await makeResetCode(member.username);
    const reset = await new ApiClient().post('/api/reset-password', {
      username: member.username,
      newPassword: 'new-secret',
      resetCode,
    });
    expect(reset.status).toBe(200);
    const { client, first } = await passwordStep(member.username, 'new-secret');
    expect(first.body.user.username).toBe(member.username);
    expect((await client.get('/api/user/two-step')).body).toEqual({
      totp: false,
      passkeys: [],
      recoveryCodesLeft: 0,
      setupRequired: false,
    });
  });

  it('lists the devices and ends another one: that browser is signed out on its next request', async () => {
    const member = await signUp('dev');
    const { client: phone } = await passwordStep(member.username, member.password);
    const devices = await member.client.get('/api/user/sessions');
    expect(devices.status).toBe(200);
    expect(devices.body).toHaveLength(2);
    const other = devices.body.find((device: { current: boolean }) => !device.current);
    expect((await member.client.delete(`/api/user/sessions/${other.id}`)).status).toBe(200);
    expect((await phone.get('/api/media')).status).toBe(401);
    expect((await member.client.get('/api/media')).status).toBe(200);
  });

  describe('with REQUIRE_2FA', () => {
    let gateway: ChildProcess;
    const port = Number(new URL(baseUrl).port) + 5;
    const base = `http://127.0.0.1:${port}`;
    beforeAll(async () => {
      gateway = await startExtraProcess('gateway/dist/main.js', { REQUIRE_2FA: 'true' }, port);
    });
    afterAll(async () => {
      await stopProcess(gateway);
    });

    it('holds every route but the setup until the member has set it up', async () => {
      const username = uniqueName('req');
      const client = new ApiClient(base);
      const signedUp = await client.post('/api/register', { username, password: 'secret-pw' });
      expect(signedUp).toMatchObject({ status: 201, body: { setUpSecondFactor: true } });
      expect(await client.get('/api/media')).toMatchObject({
        status: 403,
        body: { code: 'second_factor_setup_required' },
      });
      await turnOnTwoStep(client);
      expect((await client.get('/api/media')).status).toBe(200);
      const { first } = await passwordStep(username, 'secret-pw', base);
      expect(first.body).toEqual({ secondStep: ['totp'] });
    });
  });
});
