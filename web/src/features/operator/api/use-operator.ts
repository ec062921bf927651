import useSWR from 'swr';
import type {
  AdminMemberList,
  BackupsReport,
  IntegrityReport,
  QueueReport,
  SignUpSetting,
  StorageReport,
  VersionsReport,
} from '@family/contract';
import { getJson, sendJson } from '../../../lib/api';

/** The operator's page reads each part from the service that owns it (docs/api.md "Operator"). */
export const ADMIN_KEYS = {
  mediaQueue: '/api/admin/queues/media',
  familyQueue: '/api/admin/queues/family',
  storage: '/api/admin/storage',
  versions: '/api/admin/versions',
  signUp: '/api/admin/sign-up',
  members: '/api/admin/members',
  integrity: '/api/admin/integrity',
  backups: '/api/admin/backups',
} as const;

function useAdmin<T>(key: string, refreshInterval: (latest?: T) => number = () => 0) {
  const { data, error, isLoading, mutate } = useSWR<T, Error>(key, (path: string) => getJson<T>(path), {
    refreshInterval,
  });
  return { data, error, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

export const useQueue = (queue: QueueReport['queue']) =>
  useAdmin<QueueReport>(queue === 'media' ? ADMIN_KEYS.mediaQueue : ADMIN_KEYS.familyQueue);
export const useStorage = () => useAdmin<StorageReport>(ADMIN_KEYS.storage);
export const useVersions = () => useAdmin<VersionsReport>(ADMIN_KEYS.versions);
export const useSignUp = () => useAdmin<SignUpSetting>(ADMIN_KEYS.signUp);
/** The first page of members (a family's members fit in one; the route pages by id). */
export const useMembers = () => useAdmin<AdminMemberList>(ADMIN_KEYS.members);

export function retryJob(queue: QueueReport['queue'], id: string): Promise<void> {
  return sendJson<void>('POST', `/api/admin/queues/${queue}/jobs/${encodeURIComponent(id)}/retry`);
}

export function nameAdmin(userId: number): Promise<void> {
  return sendJson<void>('POST', '/api/admin/admins', { userId });
}

/** The newest integrity report; read again every 5 seconds while a check waits or runs. */
export const useIntegrity = () =>
  useAdmin<IntegrityReport | null>(ADMIN_KEYS.integrity, (latest) =>
    latest?.status === 'waiting' || latest?.status === 'running' ? 5000 : 0,
  );

/** The backup schedule and the newest runs; read again every 10 seconds while one is being written. */
export const useBackups = () =>
  useAdmin<BackupsReport>(ADMIN_KEYS.backups, (latest) =>
    latest?.runs.some((run) => run.status === 'running') ? 10_000 : 0,
  );

export function startIntegrityCheck(deep: boolean): Promise<{ id: number }> {
  return sendJson<{ id: number }>('POST', ADMIN_KEYS.integrity, { deep });
}
