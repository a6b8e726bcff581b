import type { Request } from 'express';
import { z } from 'zod';
import { adPhotoIdSchema } from '../../schema/ads/ad.ts';
import { HttpProblem } from '../http/problem.ts';
import { AD_PHOTO_CHUNK_MAX_BYTES, AD_PHOTO_MAX_BYTES } from './photo-limits.ts';

export const UPLOAD_TYPE = 'application/offset+octet-stream';

const byteCount = z
  .string()
  .regex(/^\d{1,12}$/, 'must be a whole number of bytes')
  .transform(Number);

export const photoIdOf = (req: Request): string => {
  const parsed = adPhotoIdSchema.safeParse(req.params.id);
  if (!parsed.success) throw new HttpProblem(400, `id ${parsed.error.issues[0]?.message ?? 'is not a photo id'}`, 'id');
  return parsed.data;
};

/** The chunk's headers: where it starts, and (with every chunk the device sends) the whole photo's length. */
export const uploadHeadersOf = (req: Request): { offset: number; length: number | undefined } => {
  if ((req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() !== UPLOAD_TYPE) {
    throw new HttpProblem(415, `Content-Type must be ${UPLOAD_TYPE}`, 'Content-Type');
  }
  const offset = byteCount.safeParse(req.get('upload-offset') ?? '');
  if (!offset.success) throw new HttpProblem(400, 'Upload-Offset must be a whole number of bytes', 'Upload-Offset');
  const lengthHeader = req.get('upload-length');
  if (lengthHeader === undefined) return { offset: offset.data, length: undefined };
  const length = byteCount.safeParse(lengthHeader);
  if (!length.success || length.data < 1) {
    throw new HttpProblem(400, 'Upload-Length must be a whole number of bytes above zero', 'Upload-Length');
  }
  if (length.data > AD_PHOTO_MAX_BYTES) {
    throw new HttpProblem(413, `Upload-Length must be at most ${AD_PHOTO_MAX_BYTES} bytes (15 MB)`, 'Upload-Length');
  }
  return { offset: offset.data, length: length.data };
};

/** The chunk's bytes, read up to the chunk bound (a larger body is refused as soon as it is seen to be). */
export const readChunk = async (req: Request): Promise<Buffer> => {
  const declared = Number(req.get('content-length') ?? NaN);
  const tooLarge = () =>
    new HttpProblem(413, `body must be at most ${AD_PHOTO_CHUNK_MAX_BYTES} bytes a request`, 'body');
  if (declared > AD_PHOTO_CHUNK_MAX_BYTES) throw tooLarge();
  const parts: Buffer[] = [];
  let total = 0;
  try {
    for await (const part of req as AsyncIterable<Buffer>) {
      total += part.byteLength;
      if (total > AD_PHOTO_CHUNK_MAX_BYTES) throw tooLarge();
      parts.push(part);
    }
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    // The link dropped mid-chunk: nothing of it is kept, and the device asks the offset again (HEAD).
    throw new HttpProblem(400, 'body was cut off before its end', 'body');
  }
  if (Number.isFinite(declared) && total !== declared) {
    throw new HttpProblem(400, 'body was cut off before its end', 'body');
  }
  return Buffer.concat(parts, total);
};
