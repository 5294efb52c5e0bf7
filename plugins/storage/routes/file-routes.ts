import type { FastifyReply } from 'fastify';
import { ToolError, type SetupContext } from '../../../core/index.js';
import type { StorageConfig } from '../config.js';
import { StoredFile } from '../entities/stored-file.entity.js';
import { StorageMissing } from '../port/storage-port.js';
import { checkDownload, checkUpload } from '../services/file-links.js';
import { ACTIVE_TYPES } from '../services/purposes.js';

const HTTP_OF: Record<string, number> = {
  file_too_large: 413,
  content_type_mismatch: 415,
  invalid_arguments: 400,
  quota_exceeded: 507,
  invalid_state: 409,
  not_found: 404,
};

const fail = (reply: FastifyReply, status: number, error: string, message: string) =>
  reply.code(status).header('cache-control', 'no-store').send({ error, message });

/** `attachment` or `inline` with the file's name, in the RFC 6266 form every browser reads. */
const disposition = (kind: 'inline' | 'attachment', filename: string) =>
  `${kind}; filename="${filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/**
 * The two public routes of the group: a signed download (`GET /files/:id/:name`) and a signed
 * upload (`PUT /files/upload/:id`). The signature is the grant; no shop token is involved, so a
 * messaging network or a browser can use the link. Downloads carry the stored (checked) type and
 * `nosniff`; pages and SVG always download.
 */
export function fileRoutes({ app, resolve, rootEm, withShop }: SetupContext<StorageConfig>): void {
  const secrets = resolve('secrets');
  const port = resolve('storagePort');
  const fileById = (id: string) =>
    /^\d{1,10}$/.test(id)
      ? rootEm.fork().findOne(StoredFile, { id: Number(id) }, { filters: { tenant: false } })
      : null;

  app.get<{ Params: { id: string; name: string }; Querystring: Record<string, string> }>(
    '/files/:id/:name',
    async (request, reply) => {
      const file = await fileById(request.params.id);
      const check = file ? checkDownload(secrets, file, request.query) : 'invalid';
      if (!file || check === 'invalid') return fail(reply, 403, 'forbidden', 'This file link is not valid.');
      if (check === 'expired')
        return fail(reply, 410, 'link_expired', 'This file link has expired; ask for a new one.');
      if (file.status !== 'ready' || !file.storageKey) return fail(reply, 404, 'not_found', 'The file has no content.');
      const body = await port.get(file.storageKey).catch((err) => {
        if (err instanceof StorageMissing) return null;
        throw err;
      });
      if (!body) return fail(reply, 404, 'not_found', 'The file’s content is gone.');
      const kind = request.query.d === 'a' || ACTIVE_TYPES.has(file.contentType) ? 'attachment' : 'inline';
      return reply
        .type(file.contentType)
        .header('content-length', String(file.sizeBytes))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', disposition(kind, file.filename))
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=300')
        .send(body);
    },
  );

  app.register(async (scope) => {
    // The body is the file, whatever type it says it is: never parsed, held as bytes up to the largest limit.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 101 * 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.put<{ Params: { id: string }; Querystring: Record<string, string>; Body: Buffer }>(
      '/files/upload/:id',
      async (request, reply) => {
        const file = await fileById(request.params.id);
        const check = file ? checkUpload(secrets, file, request.query) : 'invalid';
        if (!file || check === 'invalid') return fail(reply, 403, 'forbidden', 'This upload link is not valid.');
        if (check === 'expired')
          return fail(reply, 410, 'link_expired', 'This upload link has expired; call create_upload_url again.');
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const stored = await withShop(
            file.shopId,
            (ctx) => ctx.services.storageUploadsService.receiveUpload(file.id, body),
            { transactional: true },
          );
          return reply.code(200).send({ success: true, ...stored });
        } catch (err) {
          if (!(err instanceof ToolError)) throw err;
          return reply
            .code(HTTP_OF[err.code] ?? 400)
            .send({ success: false, error_code: err.code, message: err.message, ...err.details });
        }
      },
    );
  });
}
