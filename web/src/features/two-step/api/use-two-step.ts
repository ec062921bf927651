import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type {
  MessageResponse,
  RecoveryCodesResponse,
  SecondFactorCodeRequest,
  TotpEnrolment,
  TwoStepStatus,
} from '@family/contract';
import { fetcher, sendJson } from '../../../lib/api';

/** GET /api/user/two-step: whether an authenticator app guards the account, and the recovery codes left. */
export const TWO_STEP_KEY = '/api/user/two-step';

export function useTwoStepStatus() {
  return useSWR<TwoStepStatus, Error>(TWO_STEP_KEY, fetcher);
}

/** POST /api/user/two-step/totp: a new secret, shown until a code confirms it. */
export function useStartTotp() {
  return useSWRMutation('/api/user/two-step/totp', (path: string) => sendJson<TotpEnrolment>('POST', path, {}));
}

/** POST /api/user/two-step/totp/confirm: turns it on; answers the recovery codes, shown this once. */
export function useConfirmTotp() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/api/user/two-step/totp/confirm',
    async (path: string, { arg }: { arg: SecondFactorCodeRequest }) => {
      const answer = await sendJson<RecoveryCodesResponse>('POST', path, arg);
      await mutate(TWO_STEP_KEY);
      return answer;
    },
  );
}

/** POST /api/user/two-step/disable: turns it off with a code. */
export function useDisableTwoStep() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/api/user/two-step/disable',
    async (path: string, { arg }: { arg: SecondFactorCodeRequest }) => {
      const answer = await sendJson<MessageResponse>('POST', path, arg);
      await mutate(TWO_STEP_KEY);
      return answer;
    },
  );
}
