import { Injectable } from '@nestjs/common';
import type { AlbumMediaSummary } from '@family/contract';
import { ChangeAwareCache } from '@family/shared';
import { MediaClient } from '@family/shared/clients';

/** As many albums as media's summaries take in one call (AlbumSummariesDto). */
const SUMMARIES_PER_CALL = 1000;
/** A safety net only: media's generation changes with every change a preview shows. */
const PREVIEWS_CACHE_MS = 5 * 60_000;
const PREVIEWS_KEPT = 10_000;

/**
 * Each album's item count and newest items, from media, for the album list (docs/architecture.md "Caches"). They
 * are kept under the generation of album previews that media answered with. Every list still asks media, in one
 * call, saying which albums are kept under which generation; while that is still media's, media leaves them out,
 * so while nothing changed the call carries no previews at all (with 200 albums, 76 KB less to write, send and
 * read on every list), and after a change it carries every album's.
 */
@Injectable()
export class AlbumPreviewsCache {
  private readonly kept = new ChangeAwareCache<number, AlbumMediaSummary>(PREVIEWS_CACHE_MS, PREVIEWS_KEPT);
  /** The generation of what is kept; null before the first answer. */
  private generation: string | null = null;

  constructor(private readonly media: MediaClient) {}

  async summaries(albumIds: number[]): Promise<Map<number, AlbumMediaSummary>> {
    const unique = [...new Set(albumIds)];
    const summaries = new Map<number, AlbumMediaSummary>();
    for (let start = 0; start < unique.length; start += SUMMARIES_PER_CALL) {
      await this.ask(unique.slice(start, start + SUMMARIES_PER_CALL), summaries);
    }
    return summaries;
  }

  /** One call for at most SUMMARIES_PER_CALL albums: their summaries, kept or answered, go into `summaries`. */
  private async ask(albumIds: number[], summaries: Map<number, AlbumMediaSummary>): Promise<void> {
    const held = this.generation;
    const keptHere = new Map<number, AlbumMediaSummary>();
    if (held !== null) {
      for (const albumId of albumIds) {
        const summary = this.kept.get(albumId, held);
        if (summary) keptHere.set(albumId, summary);
      }
    }
    const answer = await this.media.albumSummaries(
      held !== null && keptHere.size > 0
        ? { albumIds, keptGeneration: held, keptAlbumIds: [...keptHere.keys()] }
        : { albumIds },
    );
    // A new generation: media answered every album, and what was kept is stale.
    const stillKept = answer.generation === held;
    this.generation = answer.generation;
    for (const albumId of albumIds) {
      const answered = answer.summaries[albumId];
      if (answered) this.kept.set(albumId, answer.generation, answered);
      const summary = answered ?? (stillKept ? keptHere.get(albumId) : undefined);
      if (summary) summaries.set(albumId, summary);
    }
  }
}
