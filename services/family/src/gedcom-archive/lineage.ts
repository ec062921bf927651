import type { EntityManager } from 'typeorm';

/**
 * The archive's parent ties held in memory while an import writes its own (docs/architecture.md "GEDCOM import and
 * export"): the family rules for thousands of ties that reach people already in the archive are then checked
 * without a query each. Read inside the import's transaction, under the lineage lock, so nothing changes it
 * meanwhile; each tie the import adds is added here too.
 */
export class Lineage {
  private readonly parents = new Map<number, number[]>();
  private readonly birthParents = new Map<number, number>();

  /** Every parent tie, read either way round (a `parent` row from the child, a `child` row from the parent). */
  static async read(tx: EntityManager): Promise<Lineage> {
    const lineage = new Lineage();
    const rows: { child: number; parent: number; birth: boolean }[] = await tx.query(
      `SELECT from_user_id AS child, to_user_id AS parent, coalesce(kind, 'birth') = 'birth' AS birth
         FROM relations WHERE relation_type = 'parent'
       UNION ALL
       SELECT to_user_id, from_user_id, coalesce(kind, 'birth') = 'birth'
         FROM relations WHERE relation_type = 'child'`,
    );
    for (const row of rows) lineage.add(row.child, row.parent, row.birth);
    return lineage;
  }

  add(child: number, parent: number, birth: boolean): void {
    const list = this.parents.get(child);
    if (list) list.push(parent);
    else this.parents.set(child, [parent]);
    if (birth) this.birthParents.set(child, (this.birthParents.get(child) ?? 0) + 1);
  }

  birthParentCount(child: number): number {
    return this.birthParents.get(child) ?? 0;
  }

  /** Whether `ancestor` is among `person`'s ancestors (not `person` themselves). */
  isAncestor(ancestor: number, person: number): boolean {
    const seen = new Set<number>([person]);
    const stack = [...(this.parents.get(person) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (next === ancestor) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      for (const parent of this.parents.get(next) ?? []) if (!seen.has(parent)) stack.push(parent);
    }
    return false;
  }
}
