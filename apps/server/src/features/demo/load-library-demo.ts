import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { Logger } from '../../platform/logger';
import { createLibraryItem, createLibrarySet } from '../library';
import { DEMO_LIBRARY_SETS } from './library-demo-data';

/** Loads the platform's standard library sets once (a second run changes nothing). */
export async function loadLibraryDemoData(db: Database, logger: Logger): Promise<void> {
  for (const demo of DEMO_LIBRARY_SETS) {
    await db.platform(async (tx) => {
      const existing = await tx.execute(sql`select 1 from library_set where name = ${demo.name}`);
      if (existing.rows.length > 0) return;
      const set = await createLibrarySet(tx, {
        name: demo.name,
        description: demo.description,
        tags: demo.tags,
      });
      for (const item of demo.items)
        await createLibraryItem(tx, {
          library_set_id: set.id,
          kind: item.kind,
          name: item.name,
          description: item.description ?? '',
          data: item.data,
        });
      logger.info({ set: demo.name, items: demo.items.length }, 'demo library set loaded');
    });
  }
}
