import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { IntegrityFinding, IntegrityFindingPage, IntegrityProblem, IntegrityReport } from '@family/contract';
import { DirectoryClient, personName } from '@family/shared';
import { MediaJobs } from '../services/media-jobs';
import { IntegrityRepository, type FindingRow } from './integrity.repository';

const FINDINGS_PAGE = 200;
const PROBLEMS: IntegrityProblem[] = ['missing', 'size', 'sha256', 'orphan', 'remade'];

/** The operator's side of the integrity check: asking for one, and the newest report (docs/api.md "Operator"). */
@Injectable()
export class IntegrityService {
  constructor(
    private readonly reports: IntegrityRepository,
    private readonly jobs: MediaJobs,
    private readonly directory: DirectoryClient,
  ) {}

  async start(deep: boolean, requestedBy: number): Promise<{ id: number }> {
    const id = await this.reports.create(deep, requestedBy);
    if (id === null) {
      throw new ConflictException('A check is already waiting or running; its report shows here when it ends.');
    }
    await this.jobs.checkIntegrity(id);
    return { id };
  }

  /** The newest report with its first findings, uploaders named in one directory call; null before the first. */
  async newest(): Promise<IntegrityReport | null> {
    const report = await this.reports.newest();
    if (!report) return null;
    const [counts, firstPage] = await Promise.all([this.reports.counts(report.id), this.findingPage(report.id, 0)]);
    const byProblem = new Map(counts.map((row) => [row.problem, row.count]));
    return {
      id: report.id,
      deep: report.deep,
      status: report.status,
      createdAt: report.created_at.toISOString(),
      finishedAt: report.finished_at?.toISOString() ?? null,
      itemsChecked: report.items_checked,
      filesChecked: report.files_checked,
      error: report.error,
      counts: Object.fromEntries(PROBLEMS.map((problem) => [problem, byProblem.get(problem) ?? 0])) as Record<
        IntegrityProblem,
        number
      >,
      findings: firstPage.findings,
      nextCursor: firstPage.nextCursor,
    };
  }

  /** A page of a report's findings. */
  async findings(reportId: number, after: number): Promise<IntegrityFindingPage> {
    if (!(await this.reports.exists(reportId)))
      throw new NotFoundException('There is no integrity report with that id.');
    return this.findingPage(reportId, after);
  }

  private async findingPage(reportId: number, after: number): Promise<IntegrityFindingPage> {
    const rows = await this.reports.findings(reportId, after, FINDINGS_PAGE + 1);
    const page = rows.slice(0, FINDINGS_PAGE);
    return {
      findings: await this.present(page),
      nextCursor: rows.length > FINDINGS_PAGE ? page.at(-1)!.id : null,
    };
  }

  /** Uploaders named in one directory call. */
  private async present(rows: FindingRow[]): Promise<IntegrityFinding[]> {
    const people = await this.directory.lookup(
      new Set(rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id]))),
    );
    return rows.map((row) => ({
      id: Number(row.id),
      problem: row.problem,
      item:
        row.media_id === null
          ? null
          : { id: row.media_id, title: row.title ?? '', uploader: personName(row.user_id ?? 0, people) },
      objectKey: row.object_key,
      detail: row.detail,
    }));
  }
}
