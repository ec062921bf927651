export const CORE_OPTIONS = Symbol('CORE_OPTIONS');

export interface CoreOptions {
  /** The service's own name, used in service tokens and logs. */
  serviceName: string;
  internalSecret: string;
  /** Set for services that show people: enables DirectoryClient. */
  profileUrl?: string;
}
