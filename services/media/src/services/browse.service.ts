import { Injectable } from '@nestjs/common';
import { MEDIA_PLACES_MAX, type MediaMonth, type MediaPlace, type OnThisDayGroup } from '@family/contract';
import { ChangeAwareCache, type Identity } from '@family/shared';
import { ChangeGenerations } from '@family/shared/nest';
import { MediaListRepository } from '../repositories/media-list.repository';
import { MediaAccessFactory } from './media-access.service';
import { MediaPresenter } from './media-presenter';

/** A safety net only: the generations below change with every change that matters (docs/architecture.md "Caches"). */
const MONTHS_CACHE_MS = 5 * 60_000;
/** "On this day" shows a handful of each year, and not more than a screen's worth in all. */
const ON_THIS_DAY_PER_YEAR = 12;
const ON_THIS_DAY_MAX = 120;

/** docs/api.md "Browsing": the months of the archive and "On this day". */
@Injectable()
export class BrowseService {
  private readonly months = new ChangeAwareCache<number, MediaMonth[]>(MONTHS_CACHE_MS, 2_000);

  constructor(
    private readonly lists: MediaListRepository,
    private readonly access: MediaAccessFactory,
    private readonly presenter: MediaPresenter,
    private readonly generations: ChangeGenerations,
  ) {}

  /**
   * GET /api/media/months. Counting a large archive costs tens of milliseconds, so each person's answer is kept
   * while neither the items (`media-items`, raised by a trigger on every change of a date, album, uploader or
   * tag) nor album rights (`album-access`) changed; both are read before counting, as docs/architecture.md
   * "Caches" asks, so an answer counted during a change is never used after it.
   */
  async monthsOf(user: Identity): Promise<MediaMonth[]> {
    const generation = await this.generation();
    const kept = this.months.get(user.id, generation);
    if (kept) return kept;
    const { visible } = await this.access.for(user.id).albums();
    const months = await this.lists.months({ userId: user.id, visibleAlbumIds: visible });
    this.months.set(user.id, generation, months);
    return months;
  }

  /** GET /api/media/places: the map of the Places view (docs/product.md "Places"). */
  async places(user: Identity): Promise<MediaPlace[]> {
    const { visible } = await this.access.for(user.id).albums();
    return this.lists.places({ userId: user.id, visibleAlbumIds: visible }, MEDIA_PLACES_MAX);
  }

  /** GET /api/media/on-this-day: today's day and month in the server's time zone, in earlier years. */
  async onThisDay(user: Identity, now: Date = new Date()): Promise<OnThisDayGroup[]> {
    const { visible } = await this.access.for(user.id).albums();
    const today = { month: now.getMonth() + 1, day: now.getDate(), beforeYear: now.getFullYear() };
    const rows = await this.lists.onThisDay(
      { userId: user.id, visibleAlbumIds: visible },
      today,
      ON_THIS_DAY_PER_YEAR,
      ON_THIS_DAY_MAX,
    );
    const items = await this.presenter.items(rows);
    const groups: OnThisDayGroup[] = [];
    for (const item of items) {
      const yearsAgo = today.beforeYear - Number(item.mediaDate.slice(0, 4));
      const group = groups[groups.length - 1];
      if (group && group.yearsAgo === yearsAgo) group.items.push(item);
      else groups.push({ yearsAgo, items: [item] });
    }
    return groups;
  }

  /** Both numbers (read together, once per request): album rights and the items themselves. */
  private async generation(): Promise<string> {
    const [access, items] = await Promise.all([
      this.generations.current('album-access'),
      this.generations.current('media-items'),
    ]);
    return `${access}:${items}`;
  }
}
