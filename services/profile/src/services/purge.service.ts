import { Injectable, Logger } from '@nestjs/common';
import { ProfileRepository } from '../repositories/profile.repository';
import { PictureService } from './picture.service';

/** Removes everything the profile service keeps of a deleted account; safe to run again. */
@Injectable()
export class PurgeService {
  private readonly logger = new Logger(PurgeService.name);

  constructor(
    private readonly profiles: ProfileRepository,
    private readonly pictures: PictureService,
  ) {}

  async purge(userId: number): Promise<void> {
    // The picture first: if storage is down the rows stay, and the retry still knows which object to remove.
    const before = (await this.profiles.findById(userId))?.pictureKey;
    if (before) await this.pictures.remove(before);
    const named = await this.profiles.deleteWithMemories(userId);
    // A new picture stored between the two steps.
    if (named && named !== before) await this.pictures.remove(named);
    if (before || named) this.logger.log(`profile ${userId} purged with its picture`);
  }
}
