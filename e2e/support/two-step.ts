import { generate } from 'otplib';
import { ApiClient } from './api';

/**
 * The code an authenticator app shows `stepsAhead` periods of 30 s from now. The archive takes a code once and
 * only later ones after it, and accepts the next period's (a phone's clock runs ahead): tests move time, never wait.
 */
export function codeAt(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

/** Turns two-step sign-in on for a signed-in client, as the profile page does; the code of this period is spent. */
export async function turnOnTwoStep(client: ApiClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await client.post<{ secret: string }>('/api/user/two-step/totp', {});
  if (started.status !== 201) throw new Error(`setup failed: ${started.status} ${JSON.stringify(started.body)}`);
  const { secret } = started.body;
  const confirmed = await client.post<{ recoveryCodes: string[] }>('/api/user/two-step/totp/confirm', {
    code: await codeAt(secret),
  });
  if (confirmed.status !== 200)
    throw new Error(`confirm failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes };
}
