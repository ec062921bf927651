import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MemoryEntity } from '../entities/memory.entity';
import { ProfileEntity } from '../entities/profile.entity';

@Injectable()
export class MemoryRepository {
  constructor(@InjectRepository(MemoryEntity) private readonly memories: Repository<MemoryEntity>) {}

  async create(memory: Pick<MemoryEntity, 'userId' | 'title' | 'content'>): Promise<MemoryEntity> {
    const saved = await this.memories.save(this.memories.create(memory));
    return (await this.memories.findOneBy({ id: saved.id }))!;
  }

  findById(id: number): Promise<MemoryEntity | null> {
    return this.memories.findOneBy({ id });
  }

  /** One person's memories, newest first, each with its writer from the directory table (memories_user_newest). */
  listByUser(userId: number): Promise<MemoryEntity[]> {
    return this.memories
      .createQueryBuilder('memory')
      .innerJoinAndMapOne('memory.user', ProfileEntity, 'writer', 'writer.user_id = memory.user_id')
      .where('memory.user_id = :userId', { userId })
      .orderBy('memory.created_at', 'DESC')
      .addOrderBy('memory.id', 'DESC')
      .getMany();
  }

  async delete(id: number): Promise<void> {
    await this.memories.delete({ id });
  }
}
