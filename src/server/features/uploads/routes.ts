// Photo uploads (shops and menu items): POST /api/uploads takes one image from a shop owner, re-encodes it and
// GET /uploads/<name>.webp serves the stored copies. Multipart is registered inside this plugin only. Uploads are
// limited per owner and hour, decoded one at a time in a queue of their own, and swept when unused for a day.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  UPLOAD_MAX_BYTES,
  UPLOADS_PER_HOUR,
  type UploadResponse,
  uploadFileName,
  uploadUrl,
} from '../../../shared/api/uploads.js';
import type { App } from '../../app-type.js';
import { requireRole } from '../../auth-guard.js';
import { HttpError } from '../../http-error.js';
import { createDecodeQueue } from './decode-queue.js';
import { sweepOrphanUploads } from './orphan-sweep.js';
import { checkPhotoHeader, makePhotoCopies, NOT_AN_IMAGE } from './photos.js';

/** How often unused photos are looked for; the first sweep is an hour after start (see below). */
const ORPHAN_SWEEP_MS = 60 * 60 * 1000;

export function uploadRoutes(app: App) {
  const directory = app.deps.config.uploadsDir;
  const decodes = createDecodeQueue();
  // Its own encapsulated context: the multipart parser exists for these routes and nowhere else.
  app.register(async (scope: FastifyInstance) => {
    await mkdir(directory, { recursive: true });
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 2 },
    });

    scope.post(
      '/api/uploads',
      {
        config: {
          // Per owner, counted once the token is read (preHandler), so owners behind one address don't share it;
          // every try counts, refused ones too.
          rateLimit: {
            max: UPLOADS_PER_HOUR,
            timeWindow: '1 hour',
            hook: 'preHandler',
            keyGenerator: (request) => String(request.auth?.id ?? request.ip),
          },
        },
      },
      async (request, reply) => {
        const owner = requireRole(request, 'shop_owner');
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
        // What the file is and how many pixels it has, from its header: a bomb is refused here, undecoded.
        await checkPhotoHeader(input);

        const copies = await decodes.run(String(owner.id), async () => {
          // Its sender gave up while it waited: decoding it would be work for nobody.
          if (request.raw.socket?.destroyed) return null;
          return makePhotoCopies(input).catch((error: unknown) => {
            request.log.warn({ err: error }, 'an upload could not be decoded');
            throw new HttpError(400, NOT_AN_IMAGE);
          });
        });
        if (!copies) return reply.code(400).send({ message: 'The upload was cancelled' });
        const name = randomBytes(16).toString('hex');
        await writeFile(path.join(directory, uploadFileName(name, 'thumbnail')), copies.thumbnail);
        await writeFile(path.join(directory, uploadFileName(name, 'full')), copies.full);
        const body: UploadResponse = { url: uploadUrl(name) };
        return reply.code(201).send(body);
      },
    );

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

  // Photos no shop or item uses, a day after upload. Not at start, and never in tests: a test's throw-away
  // database refers to nothing, so every photo in a shared folder would look unused.
  if (app.deps.config.env === 'test') return;
  const sweep = setInterval(() => {
    sweepOrphanUploads(app.db, directory)
      .then((deleted) => {
        if (deleted > 0) app.log.info({ deleted }, 'deleted photos no shop or item uses');
      })
      .catch((error) => app.log.error({ err: error }, 'could not sweep unused photos'));
  }, ORPHAN_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
