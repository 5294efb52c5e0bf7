import { DateTime, Nullable, pageOutput, Type, type Static } from '../../../core/index.js';

export const ReferenceOutput = Type.Object(
  { group: Type.String(), type: Type.String(), id: Type.String() },
  { additionalProperties: false, description: 'A record of another group that uses the file.' },
);

export const FileOutput = Type.Object(
  {
    id: Type.Integer(),
    filename: Type.String(),
    purpose: Type.String(),
    content_type: Type.String({ description: 'Checked against the bytes; served exactly so.' }),
    size_bytes: Type.Integer(),
    sha256: Nullable(Type.String()),
    status: Type.String({ description: 'pending (upload URL handed out, no bytes yet) or ready.' }),
    tags: Type.Array(Type.String()),
    references: Type.Integer({ description: 'Records of other groups using it; it cannot be deleted meanwhile.' }),
    created_at: DateTime(),
    updated_at: DateTime(),
  },
  { additionalProperties: false },
);
export type FilePayload = Static<typeof FileOutput>;

export const FileResult = Type.Object({ file: FileOutput });
export const StoredResult = Type.Object({
  file: FileOutput,
  deduplicated: Type.Boolean({ description: 'These bytes were already stored for the shop: no new space used.' }),
});
export const FilePage = pageOutput('files', FileOutput);

export const UrlOutput = Type.Object({
  url: Type.String({ description: 'Anyone with it can read the file until it expires.' }),
  expires_at: DateTime(),
});
