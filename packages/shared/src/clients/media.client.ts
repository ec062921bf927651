import type { MergeTagsRequest, NewAccountTagsRequest, TaggedMediaFile, TakeoutMediaQuery } from '@family/contract';
import { ServiceClient } from './service-client';

/** Purging a person's uploads removes their files: it may take minutes. */
const PURGE_TIMEOUT_MS = 120_000;
/** A page of an export's reads may take long on a large archive (the GEDCOM of thousands of people). */
const PAGE_TIMEOUT_MS = 120_000;

/** The media service's internal routes: tags of people, purges, and the files a GEDCOM links or brings. */
export class MediaClient extends ServiceClient {
  protected readonly service = 'media';

  /** An account is being deleted: its uploads with their files, and its tags. */
  purgeUser(id: number): Promise<void> {
    return this.call('DELETE', `/internal/users/${id}`, { timeoutMs: PURGE_TIMEOUT_MS });
  }

  tagCount(personId: number): Promise<{ count: number }> {
    return this.call('GET', `/internal/users/${personId}/tag-count`);
  }

  /** A duplicate person's tags move (docs/rights.md "Attaching a person to an item"). */
  mergeTags(personId: number, request: MergeTagsRequest): Promise<void> {
    return this.call('POST', `/internal/people/${personId}/merge`, { body: request });
  }

  /** An invite is about to make the person a member. */
  holdTagsForNewAccount(personId: number, request: NewAccountTagsRequest): Promise<void> {
    return this.call('POST', `/internal/people/${personId}/account-tags`, { body: request });
  }

  /**
   * A GEDZIP's photo or document, as an upload of `uploadedBy` with the people who link to it tagged (up to 200;
   * `tagImported` adds the rest): the item, and whether it is new (the same file again is the same item).
   */
  importFile(
    uploadedBy: number,
    tags: number[],
    file: { blob: Blob; name: string; type: string; title: string },
  ): Promise<{ id: number; added: boolean }> {
    const form = new FormData();
    form.set('type', file.type);
    form.set('title', file.title);
    form.set('file', file.blob, file.name);
    const query = new URLSearchParams({ uploadedBy: String(uploadedBy), tags: tags.join(',') });
    return this.call('POST', `/internal/media/imports?${query}`, { form, timeoutMs: 120_000 });
  }

  /** More people on an imported item than an upload's query names. */
  tagImported(mediaId: number, people: number[]): Promise<void> {
    return this.call('POST', `/internal/media/imports/${mediaId}/tags`, { body: { people } });
  }

  /**
   * One page of the files people are tagged in, after a media id: those `askedBy` may see (the GEDCOM download),
   * or those of a takeout export.
   */
  taggedFiles(
    after: number,
    limit: number,
    whose: { askedBy: number } | TakeoutMediaQuery,
  ): Promise<{ items: TaggedMediaFile[]; next: number | null }> {
    const query = new URLSearchParams({ after: String(after), limit: String(limit) });
    if ('askedBy' in whose) query.set('askedBy', String(whose.askedBy));
    else {
      query.set('takeoutFor', String(whose.takeoutFor));
      query.set('scope', whose.scope);
    }
    return this.call('GET', `/internal/media/tagged?${query}`, { timeoutMs: PAGE_TIMEOUT_MS });
  }
}
