import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { Memory } from '@family/contract';
import type { Identity } from '@family/shared';
import { NotificationOutbox } from '@family/shared/nest';
import { mapMemory, type CreateMemoryDto } from '../dtos/memory.dto';
import { MemoryRepository } from '../repositories/memory.repository';
import { ProfileRepository } from '../repositories/profile.repository';
import { signedInProfile } from './profile.service';

/**
 * Memories: everyone signed in reads anyone's; members write on their own profile, anyone on the profile of a
 * person without an account; only the writer deletes a memory.
 */
@Injectable()
export class MemoryService {
  constructor(
    private readonly memories: MemoryRepository,
    private readonly profiles: ProfileRepository,
    private readonly outbox: NotificationOutbox,
  ) {}

  /** On one's own profile, or on the profile of a person without an account (docs/rights.md "People rights"). */
  async create(user: Identity, dto: CreateMemoryDto): Promise<Memory> {
    const writer = signedInProfile(await this.profiles.findById(user.id));
    const personId = dto.personId ?? user.id;
    if (personId !== user.id) {
      const person = await this.profiles.findById(personId);
      if (!person) throw new NotFoundException('This person is not in the family archive.');
      if (person.username !== null) {
        throw new ForbiddenException(
          `${person.displayName} has an account: only they write memories on their profile.`,
        );
      }
    }
    const memory = await this.memories.create({ userId: user.id, personId, title: dto.title, content: dto.content });
    // Read by the person once they join by an invite (docs/product.md "Notifications").
    await this.outbox.send([
      { recipientId: personId, kind: 'memory', actorId: user.id, subjectId: memory.id, subjectTitle: memory.title },
    ]);
    return mapMemory(memory, writer);
  }

  async list(user: Identity, userId: number = user.id): Promise<Memory[]> {
    const memories = await this.memories.listByPerson(userId);
    if (memories.length === 0 && !(await this.profiles.findById(userId))) {
      throw new NotFoundException('This person is not in the family archive.');
    }
    return memories.map((memory) => mapMemory(memory, memory.user!));
  }

  async delete(user: Identity, id: number): Promise<void> {
    const memory = await this.memories.findById(id);
    if (!memory) throw new NotFoundException('This memory does not exist (it may have been deleted already).');
    if (memory.userId !== user.id) throw new ForbiddenException('You can only delete your own memories');
    await this.memories.delete(id);
    await this.outbox.withdraw('memory', id);
  }
}
