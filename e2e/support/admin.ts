import { Client } from 'pg';
import { runInfo } from './stack';

/**
 * Makes a member an admin in the shared test archive, whose first member (and so its first admin) is whoever's
 * test signed up first (docs/rights.md "Admins"). An archive of one's own makes its first member admin by itself.
 */
export async function makeAdmin(personId: number): Promise<void> {
  const db = new Client({ connectionString: runInfo().databaseUrl });
  await db.connect();
  try {
    await db.query(`UPDATE auth.accounts SET admin = true WHERE id = $1`, [personId]);
  } finally {
    await db.end();
  }
}
