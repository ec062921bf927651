import { Injectable } from '@nestjs/common';
import type { AlbumMediaSummary, AlbumSummaries, AlbumSummariesRequest } from '@family/contract';
import { ChangeAwareCache } from '@family/shared';
import { ChangeGenerations } from '@family/shared/nest';
import { ALBUM_PREVIEW_SIZE } from '../dtos/internal.dto';
import { mapAlbumPreviewItem } from '../dtos/media.dto';
import { AlbumItemsRepository } from '../repositories/album-items.repository';

/** A safety net only: the generation below changes with every change a preview shows (docs/architecture.md "Caches"). */
const PREVIEWS_CACHE_MS = 5 * 60_000;
const PREVIEWS_KEPT = 10_000;

/**
 * POST /internal/albums/summaries, for the album list: each album's item count and newest items. Every family
 * member's list asks for the same albums' previews, and reading them cost more than all the rest of the list, so
 * each album's is kept while the generation `album-previews` (raised by a trigger on every change of what a preview
 * shows) stays the same. The number is read before the previews, so a preview read during a change is never used
 * after it; the answer carries it, so albums can keep the previews too (AlbumPreviewsClient).
 */
@Injectable()
export class AlbumPreviewsService {
  private readonly kept = new ChangeAwareCache<number, AlbumMediaSummary>(PREVIEWS_CACHE_MS, PREVIEWS_KEPT);

  constructor(
    private readonly albumItems: AlbumItemsRepository,
    private readonly generations: ChangeGenerations,
  ) {}

  /** The albums' summaries and the generation they hold for, but those the caller keeps (AlbumSummariesRequest). */
  async summaries(request: AlbumSummariesRequest): Promise<AlbumSummaries> {
    const summaries: Record<number, AlbumMediaSummary> = {};
    const generation = await this.generations.current('album-previews');
    const keptByCaller = new Set(request.keptGeneration === generation ? request.keptAlbumIds : []);
    const missing: number[] = [];
    for (const albumId of new Set(request.albumIds)) {
      if (keptByCaller.has(albumId)) continue;
      const summary = this.kept.get(albumId, generation);
      if (summary) summaries[albumId] = summary;
      else missing.push(albumId);
    }
    if (missing.length > 0) {
      for (const album of await this.albumItems.albumPreviews(missing, ALBUM_PREVIEW_SIZE)) {
        const summary = { itemCount: album.itemCount, items: album.items.map(mapAlbumPreviewItem) };
        this.kept.set(album.albumId, generation, summary);
        summaries[album.albumId] = summary;
      }
    }
    return { generation, summaries };
  }
}
