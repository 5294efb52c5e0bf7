import { defineJob } from '../define.js';

/** A released key waits this long, so an upload still in flight that took the key back has committed. */
const GRACE_SECONDS = 60;
const BATCH = 200;

/**
 * Deletes the bytes no file uses any more, once the delete that released them has committed. Rows
 * an upload is taking back are locked by it and skipped; a key some file uses again is only
 * forgotten. A failing delete rolls the batch back, to be tried again next run (deletes are
 * idempotent on both adapters).
 */
export const deleteReleasedBytes = defineJob({
  name: 'delete-released-bytes',
  schedule: '* * * * *',
  scope: 'system',
  description: 'Deletes stored bytes whose last file was deleted, a minute after that delete committed.',
  run: async ({ em, services }) => {
    for (;;) {
      const done = await em.transactional(async (tx) => {
        const due = await tx.execute<{ id: number; shop_id: number; storage_key: string }[]>(
          `select id, shop_id, storage_key from storage_released_keys
           where released_at < now() - make_interval(secs => ?) order by id limit ? for update skip locked`,
          [GRACE_SECONDS, BATCH],
        );
        if (due.length === 0) return 0;
        const ids = due.map((r) => r.id);
        const used = await tx.execute<{ id: number }[]>(
          `select r.id from storage_released_keys r where r.id in (select value::int from jsonb_array_elements_text(?::jsonb))
             and exists (select 1 from storage_files f where f.shop_id = r.shop_id and f.storage_key = r.storage_key)`,
          [JSON.stringify(ids)],
        );
        const inUse = new Set(used.map((r) => r.id));
        for (const r of due) if (!inUse.has(r.id)) await services.storagePort.delete(r.storage_key);
        await tx.execute(
          'delete from storage_released_keys where id in (select value::int from jsonb_array_elements_text(?::jsonb))',
          [JSON.stringify(ids)],
        );
        return due.length;
      });
      if (done < BATCH) return;
    }
  },
});
