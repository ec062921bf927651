import type { ChangeKind } from '../change-cache';

export const CORE_OPTIONS = Symbol('CORE_OPTIONS');

export interface CoreOptions {
  /** The service's own name, used in service tokens and logs. */
  serviceName: string;
  /**
   * The process's name on a request's way through the services (CALL_CHAIN_HEADER), when it is not the service
   * itself: a worker, which no one calls, so a worker's call may reach its own service without a circle.
   */
  processName?: string;
  internalSecret: string;
  /** Set for services that show people: enables DirectoryClient. */
  profileUrl?: string;
  /**
   * Kinds of other services' data this service keeps a short cache of (docs/architecture.md "Caches"). It then
   * needs CreateChangeGenerations and CreateAnnouncedChanges among its migrations.
   */
  caches?: ChangeKind[];
  /**
   * Kinds of its own data others cache, which its routes marked @AnnouncesChanges(kind) announce. It then needs
   * CreateAnnouncedChanges among its migrations.
   */
  announces?: ChangeKind[];
}
