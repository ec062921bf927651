import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MediaPurger } from '../services/media-purger';
import type { MediaWorkerConfig } from './worker-config';
import { WORKER_CONFIG } from './worker-tokens';

/** How often the worker looks for items whose time in the trash is up: a day late at most by an hour. */
export const TRASH_SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Empties the trash of items deleted more than TRASH_DAYS days ago, with every file (docs/architecture.md
 * "Trash"): at the worker's start, then every hour. Workers scaled to several may sweep at once: a purge is
 * idempotent, so two of them at the same items lose nothing but a little time.
 */
@Injectable()
export class TrashExpiry implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TrashExpiry.name);
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | null = null;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: MediaWorkerConfig,
    private readonly purger: MediaPurger,
  ) {}

  onApplicationBootstrap(): void {
    const sweep = () => void this.sweep().catch((error: Error) => this.logger.error(`Trash: ${error.message}`));
    sweep();
    this.timer = setInterval(sweep, TRASH_SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping?.catch(() => 0);
  }

  /** Purges what has expired; one sweep at a time in this worker. The number purged. */
  async sweep(): Promise<number> {
    if (this.sweeping) return this.sweeping;
    this.sweeping = this.purger.purgeExpired(this.config.TRASH_DAYS);
    try {
      const purged = await this.sweeping;
      if (purged > 0) this.logger.log(`Emptied ${purged} item(s) from the trash after ${this.config.TRASH_DAYS} days`);
      return purged;
    } finally {
      this.sweeping = null;
    }
  }
}
