import { ToolError } from '../../../core/index.js';
import { defineJob } from '../define.js';
import { fileSections, UnreadableDocument } from '../services/documents/extract.js';
import { prepareText } from '../services/documents/documents-service.js';
import type { DocumentFormat } from '../entities/document.entity.js';

/** Files taken per tick, across shops. */
const BATCH = 4;
/** A claim older than this belongs to a process that stopped mid-file: the file is taken again. */
const CLAIM_TIMEOUT_SECONDS = 600;
/** Reading a file that fails for another reason than its content is tried this many times. */
const ATTEMPTS = 3;

/**
 * Indexes documents added from stored files: each is claimed in a committed statement (FOR UPDATE
 * SKIP LOCKED, so two processes take different files), read and cut into chunks outside any
 * transaction, and its chunks written in a short one — unless the document was changed or deleted
 * meanwhile. A file that cannot be read (a broken PDF, no text) fails the document with the reason;
 * a storage failure is tried again, up to three times.
 */
export const indexDocuments = defineJob({
  name: 'index-documents',
  schedule: '*/5 * * * * *',
  scope: 'system',
  transactional: false,
  description: 'Reads documents added from stored files (PDF, Word, text, Markdown, HTML) and cuts them into chunks.',
  run: async ({ em, forShop, log }) => {
    const claimed = await em.execute<
      {
        id: number;
        shop_id: number;
        file_id: number;
        format: DocumentFormat;
        language: string;
        language_given: boolean;
        attempts: number;
      }[]
    >(
      `update knowledge_documents set claimed_at = now(), attempts = attempts + 1
       where id in (select id from knowledge_documents
                    where status = 'processing' and (claimed_at is null or claimed_at < now() - make_interval(secs => ?))
                    order by id limit ? for update skip locked)
       returning id, shop_id, file_id, format, language, language_given, attempts`,
      [CLAIM_TIMEOUT_SECONDS, BATCH],
    );
    for (const row of claimed) {
      await forShop(row.shop_id, async (ctx) => {
        let outcome: Awaited<ReturnType<typeof prepareText>>;
        try {
          // Claimed more often than tried: the processes that took it stopped while reading it.
          if (row.attempts > ATTEMPTS)
            throw new UnreadableDocument(
              `The file could not be read in ${ATTEMPTS} attempts (reading it stopped its process).`,
            );
          const { bytes } = await ctx.services.storageFilesService.read(row.file_id);
          outcome = prepareText(await fileSections(row.format, bytes), row.language_given ? row.language : null);
        } catch (err) {
          if (err instanceof UnreadableDocument || err instanceof ToolError) outcome = new Error(err.message);
          else if (row.attempts >= ATTEMPTS)
            outcome = new Error(`The file could not be read after ${ATTEMPTS} attempts: ${(err as Error).message}`);
          else {
            log.warn({ err, documentId: row.id }, 'knowledge: a document file could not be read; it is tried again');
            await ctx.services.em.execute('update knowledge_documents set claimed_at = null where id = ?', [row.id]);
            return;
          }
        }
        await ctx.transaction(async ({ services }) => {
          const documents = services.knowledgeDocumentsService;
          const document = await documents.waitingFor(row.id, row.file_id);
          if (!document) return;
          if (outcome instanceof Error) await documents.fail(document, outcome.message);
          else await documents.store(document, outcome);
        });
      }).catch((err) => log.error({ err, documentId: row.id }, 'knowledge: indexing a document failed'));
    }
  },
});
