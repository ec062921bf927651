import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MemoryEntity } from '../entities/memory.entity';
import { ProfileEntity } from '../entities/profile.entity';

@Injectable()
export class MemoryRepository {
  constructor(@InjectRepository(MemoryEntity) private readonly memories: Repository<MemoryEntity>) {}

  async create(memory: Pick<MemoryEntity, 'userId' | 'personId' | 'title' | 'content'>): Promise<MemoryEntity> {
    const saved = await this.memories.save(this.memories.create(memory));
    return (await this.memories.findOneBy({ id: saved.id }))!;
  }

  /** A page of memories by id for an export: all, or those written by or about one person (docs/api.md "Takeout"). */
  takeoutPage(after: number, limit: number, person?: number): Promise<MemoryEntity[]> {
    const query = this.memories.createQueryBuilder('memory').where('memory.id > :after', { after });
    if (person !== undefined) query.andWhere('(memory.user_id = :person OR memory.person_id = :person)', { person });
    return query.orderBy('memory.id', 'ASC').limit(limit).getMany();
  }

  findById(id: number): Promise<MemoryEntity | null> {
    return this.memories.findOneBy({ id });
  }

  /** The memories on one person's profile, newest first, each with its writer (memories_person_newest). */
  listByPerson(personId: number): Promise<MemoryEntity[]> {
    return this.memories
      .createQueryBuilder('memory')
      .innerJoinAndMapOne('memory.user', ProfileEntity, 'writer', 'writer.user_id = memory.user_id')
      .where('memory.person_id = :personId', { personId })
      .orderBy('memory.created_at', 'DESC')
      .addOrderBy('memory.id', 'DESC')
      .getMany();
  }

  /** A merge: the memories on a duplicate's profile move to the person it is folded into. */
  async moveToPerson(fromId: number, toId: number): Promise<void> {
    await this.memories.update({ personId: fromId }, { personId: toId });
  }

  async delete(id: number): Promise<void> {
    await this.memories.delete({ id });
  }
}
