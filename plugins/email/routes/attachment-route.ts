import type { FastifyReply } from 'fastify';
import { ToolError, type SetupContext } from '../../../core/index.js';
import type { EmailConfig } from '../config.js';
import { checkAttachmentLink } from '../services/attachments/attachment-links.js';
import type { AttachmentContent } from '../services/attachments/inbound-attachments.js';

const fail = (reply: FastifyReply, status: number, error: string, message: string) =>
  reply.code(status).header('cache-control', 'no-store').send({ error, message });

const disposition = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/**
 * `GET /email/attachments/:shop/:ref?e=…&s=…`: the bytes behind a link get_email_attachment gave
 * (an upload, or an attachment of received mail read from the mail server). Always a download,
 * never rendered: `nosniff` and a sandboxing CSP.
 */
export function attachmentRoute({ app, resolve, withShop }: SetupContext<EmailConfig>): void {
  const secrets = resolve('secrets');
  app.get<{ Params: { shop: string; ref: string }; Querystring: Record<string, string> }>(
    '/email/attachments/:shop/:ref',
    async (request, reply) => {
      const shopId = Number(request.params.shop);
      const { ref } = request.params;
      const match = /^(?:u(\d{1,10})|m(\d{1,10})-(\d{1,3}))$/.exec(ref);
      const check =
        Number.isInteger(shopId) && match ? checkAttachmentLink(secrets, shopId, ref, request.query) : 'invalid';
      if (check === 'invalid') return fail(reply, 403, 'forbidden', 'This attachment link is not valid.');
      if (check === 'expired')
        return fail(reply, 410, 'link_expired', 'This attachment link has expired; ask for a new one.');
      let file: AttachmentContent;
      try {
        file = await withShop(
          shopId,
          async ({ services }) => {
            if (match![1]) {
              const row = await services.emailAttachmentsService.get(Number(match![1]), true);
              return { filename: row.filename, content_type: row.contentType, content: Buffer.from(row.content!) };
            }
            return services.emailInboundAttachments.read(Number(match![2]), Number(match![3]));
          },
          { transactional: false },
        );
      } catch (err) {
        if (err instanceof ToolError && err.code === 'not_found') return fail(reply, 404, 'not_found', err.message);
        if (err instanceof ToolError) return fail(reply, 502, err.code, err.message);
        throw err;
      }
      return reply
        .type(file.content_type)
        .header('content-length', String(file.content.length))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', disposition(file.filename ?? 'attachment'))
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
}
