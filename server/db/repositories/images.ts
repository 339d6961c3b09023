import type { Queryable } from '../client';

export type NewImage = { contentType: string; bytes: Buffer; sha256: string };

/** Stores an uploaded image; returns its id. */
export async function insertImage(db: Queryable, image: NewImage): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'insert into images (content_type, bytes, sha256) values ($1, $2, $3) returning id',
    [image.contentType, image.bytes, image.sha256],
  );
  if (!row) throw new Error('insert into images returned no row');
  return row.id;
}

/** An image; `bytes` is null when its hash is one of `knownHashes` (the client has them). */
export type FoundImage = { contentType: string; sha256: string; bytes: Buffer | null };

export async function findImage(
  db: Queryable,
  id: string,
  knownHashes: readonly string[] = [],
): Promise<FoundImage | undefined> {
  // One query, and the bytes (up to 5 MB) are not read for a conditional GET that matches.
  const [row] = await db.query<{ content_type: string; sha256: string; bytes: Uint8Array | null }>(
    `select content_type, sha256, case when sha256 = any($2::text[]) then null else bytes end as bytes
     from images where id = $1`,
    [id, [...knownHashes]],
  );
  if (!row) return undefined;
  return { contentType: row.content_type, sha256: row.sha256, bytes: toBuffer(row.bytes) };
}

// pg returns a Buffer, PGlite a Uint8Array: one type for the route.
function toBuffer(bytes: Uint8Array | null): Buffer | null {
  if (bytes === null || Buffer.isBuffer(bytes)) return bytes;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
