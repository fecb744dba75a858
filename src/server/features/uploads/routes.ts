// Photo uploads (shops and menu items): POST /api/uploads takes one image from a shop owner, re-encodes it and
// GET /uploads/<name>.webp serves the stored copies. Multipart is registered inside this plugin only.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import {
  THUMBNAIL_WIDTH,
  UPLOAD_FULL_WIDTH,
  UPLOAD_MAX_BYTES,
  type UploadResponse,
  uploadFileName,
  uploadUrl,
} from '../../../shared/api/uploads.js';
import type { App } from '../../app-type.js';
import { requireRole } from '../../auth-guard.js';
import { HttpError } from '../../http-error.js';

const acceptedFormats = new Set(['jpeg', 'png', 'webp']);
/** A decompression bomb guard: 40 megapixels is more than any phone camera makes. */
const MAX_INPUT_PIXELS = 40_000_000;
const NOT_AN_IMAGE = 'file must be a JPEG, PNG or WebP image';

export function uploadRoutes(app: App) {
  const directory = app.deps.config.uploadsDir;
  // Its own encapsulated context: the multipart parser exists for these routes and nowhere else.
  app.register(async (scope: FastifyInstance) => {
    await mkdir(directory, { recursive: true });
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 2 },
    });

    scope.post('/api/uploads', async (request, reply) => {
      requireRole(request, 'shop_owner');
      if (!request.isMultipart())
        throw new HttpError(400, 'file is required (multipart/form-data, field file)');
      const part = await request.file();
      if (part?.fieldname !== 'file') throw new HttpError(400, 'file is required');
      let input: Buffer;
      try {
        input = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'file must be at most 5 MB');
        }
        throw error;
      }
      if (input.length === 0) throw new HttpError(400, 'file is empty');

      // The decoder decides what the file is: a name or a content type proves nothing.
      let format: string | undefined;
      try {
        format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
      } catch {
        throw new HttpError(400, NOT_AN_IMAGE);
      }
      if (!format || !acceptedFormats.has(format)) throw new HttpError(400, NOT_AN_IMAGE);

      const name = randomBytes(16).toString('hex');
      try {
        // rotate() applies the camera's orientation before the metadata goes; sharp writes no EXIF, ICC or
        // XMP unless asked (no withMetadata), so a phone photo's GPS position never leaves this function.
        const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
        const [full, thumbnail] = await Promise.all([
          source
            .clone()
            .resize({ width: UPLOAD_FULL_WIDTH, withoutEnlargement: true })
            .webp({ quality: 82 })
            .toBuffer(),
          source
            .clone()
            .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
            .webp({ quality: 78 })
            .toBuffer(),
        ]);
        await writeFile(path.join(directory, uploadFileName(name, 'thumbnail')), thumbnail);
        await writeFile(path.join(directory, uploadFileName(name, 'full')), full);
      } catch (error) {
        request.log.warn({ err: error }, 'an upload could not be decoded');
        throw new HttpError(400, NOT_AN_IMAGE);
      }
      const body: UploadResponse = { url: uploadUrl(name) };
      return reply.code(201).send(body);
    });

    scope.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
      const { name } = request.params;
      // Only names this service makes: no dots to climb out of the folder, nothing but its own files.
      if (!/^[0-9a-f]{32}(-400)?\.webp$/.test(name)) throw new HttpError(404, 'Photo not found');
      const file = path.join(directory, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new HttpError(404, 'Photo not found');
      // A name is never reused for other content: the browser may keep it for a year without asking.
      return reply
        .type('image/webp')
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(file));
    });
  });
}
