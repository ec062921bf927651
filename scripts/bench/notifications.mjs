// `npm run bench` (and `--only=notifications`): one member's bell with 10,000 notifications on the large archive
// (docs/product.md "Notifications"): the first page with the unread count, and a page near the oldest.
const NOTIFICATIONS = 10_000;
const PAGE = 20;

/**
 * Fills the notifications: tags on items across the archive (every tenth in the trash, which the list leaves out),
 * album memberships, memories and invites, half of them read, by actors among the seeded people.
 */
async function seedNotifications(db, viewerId, actorIds) {
  const { rows: items } = await db.query(`SELECT id FROM media.media_items ORDER BY random() LIMIT $1`, [
    NOTIFICATIONS,
  ]);
  const { rows: albums } = await db.query(`SELECT id, name FROM albums.albums`);
  await db.query(`UPDATE media.media_items SET deleted_at = now(), deleted_by = user_id WHERE id = ANY($1::int[])`, [
    items.filter((_, i) => i % 10 === 0).map((item) => item.id),
  ]);
  const kinds = ['tagged', 'tagged', 'tagged', 'tagged', 'tagged', 'tagged', 'album-member', 'memory', 'invite-used'];
  const rows = Array.from({ length: NOTIFICATIONS }, (_, i) => {
    const kind = kinds[i % kinds.length];
    const album = albums[i % albums.length];
    return {
      kind,
      actor: actorIds[i % actorIds.length],
      subject: kind === 'tagged' ? items[i % items.length].id : kind === 'album-member' ? album.id : 1 + i,
      title: kind === 'album-member' ? album.name : kind === 'memory' ? `Memory ${i}` : null,
      read: i < NOTIFICATIONS / 2,
    };
  });
  await db.query(
    `INSERT INTO archive_notifications.notifications (recipient_id, kind, actor_id, subject_id, subject_title, created_at, read_at)
     SELECT $1, kind, actor, subject, title, now() - make_interval(mins => ($2 - n)::int), CASE WHEN read THEN now() END
       FROM unnest($3::varchar[], $4::int[], $5::int[], $6::text[], $7::bool[]) WITH ORDINALITY AS r(kind, actor, subject, title, read, n)`,
    [
      viewerId,
      NOTIFICATIONS,
      rows.map((row) => row.kind),
      rows.map((row) => row.actor),
      rows.map((row) => row.subject),
      rows.map((row) => row.title),
      rows.map((row) => row.read),
    ],
  );
  await db.query('ANALYZE archive_notifications.notifications');
}

export async function measureNotifications({ session, viewer, actorIds, db, rows, log, timeRequests, timedRow }) {
  log(`notifications: ${NOTIFICATIONS.toLocaleString('en')} for one member…`);
  await seedNotifications(db, viewer.id, actorIds);
  const json = (answer) => JSON.parse(answer.body.toString('utf8'));
  const fullPage = (answer) => {
    const page = json(answer);
    if (page.items.length !== PAGE || !page.nextCursor || page.unread !== 100) {
      throw new Error(`A notifications page came back short: ${page.items.length} items, ${page.unread} unread.`);
    }
  };
  const first = await timeRequests(() => session.get(`/api/notifications?limit=${PAGE}`), { check: fullPage });
  timedRow(
    `notifications list p95: page 1 of ${NOTIFICATIONS.toLocaleString('en')}, with the unread count`,
    first,
    100,
  );
  const { rows: deep } = await db.query(
    `SELECT id FROM archive_notifications.notifications WHERE recipient_id = $1 ORDER BY id LIMIT 1 OFFSET 500`,
    [viewer.id],
  );
  const deepTiming = await timeRequests(() => session.get(`/api/notifications?limit=${PAGE}&cursor=${deep[0].id}`), {
    check: (answer) => {
      if (json(answer).items.length === 0) throw new Error('The deep notifications page came back empty.');
    },
  });
  timedRow('notifications list p95: a page near the oldest', deepTiming, 100);
  // The yardstick on a shared machine: the gallery's first page in the same run, with its own target of 100 ms.
  const gallery = await timeRequests(() => session.get('/api/media?limit=60'));
  timedRow('notifications section: the gallery page 1, same run (yardstick)', gallery, 100);
  return rows;
}
