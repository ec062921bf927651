/**
 * What media's own routes need of takeout (takeout/, provided by its TakeoutModule): media imports nothing of
 * takeout, so the account purge and the tagged-files route reach it through this.
 */
export interface TakeoutHooks {
  /** A person's takeout imports and exports with their ZIPs, files before rows (an account deletion). */
  purgeUser(userId: number): Promise<void>;
  /** An item's path inside a takeout ZIP, which the takeout's family.ged links (docs/api.md "Takeout"). */
  mediaPath(item: {
    id: number;
    title: string;
    mediaDate: string;
    fileName: string | null;
    contentType: string | null;
  }): string;
}

export const TAKEOUT_HOOKS = Symbol('TAKEOUT_HOOKS');
