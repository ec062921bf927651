import { ConflictException, NotFoundException } from '@nestjs/common';
import type { QueueReport } from '@family/contract';
import type { JobQueue } from '../jobs';

/** GET /api/admin/queues/<name>: one service's queue for the operator's page (docs/api.md "Operator"). */
export async function queueReport(queue: JobQueue, name: QueueReport['queue']): Promise<QueueReport> {
  return { queue: name, ...(await queue.state()) };
}

/** POST /api/admin/queues/<name>/jobs/{id}/retry: a failed job runs again, with its sentence for each refusal. */
export async function retryFailedJob(queue: JobQueue, id: string): Promise<void> {
  const outcome = await queue.retry(id);
  if (outcome === 'missing') throw new NotFoundException('There is no failed job with that id in this queue.');
  if (outcome === 'waiting') {
    throw new ConflictException('A job for the same thing already waits or runs; it will do this work.');
  }
}
