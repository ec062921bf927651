import type { ChangeKind } from '../change-cache';

export const CORE_OPTIONS = Symbol('CORE_OPTIONS');

export interface CoreOptions {
  /** The service's own name, used in service tokens and logs. */
  serviceName: string;
  internalSecret: string;
  /** Set for services that show people: enables DirectoryClient. */
  profileUrl?: string;
  /**
   * Kinds of other services' data this service keeps a short cache of (docs/architecture.md "Caches"). It then
   * answers POST /internal/changes/{kind} and needs CreateChangeGenerations among its migrations.
   */
  caches?: ChangeKind[];
  /** The services to tell when a route marked @AnnouncesChanges(kind) changed that kind of data. */
  announces?: Partial<Record<ChangeKind, Array<{ name: string; url: string }>>>;
}
