// The line photo decoding waits in (CONVENTIONS rule 23): one decode at a time, four waiting, at most two per owner
// in both together; past that an upload is refused at once (503 when the line is full, 429 for an owner over their
// share), so decoding never takes more than one core and one thread of libuv's pool, and sign-ins keep theirs
// (docs/decisions/0007-upload-queue.md).
import { BoundedQueue, type QueueLimits } from '../../bounded-queue.js';

export const DEFAULT_DECODE_LIMITS: QueueLimits = { running: 1, waiting: 4, perKey: 2 };

export function createDecodeQueue(limits: QueueLimits = DEFAULT_DECODE_LIMITS): BoundedQueue {
  return new BoundedQueue(limits, {
    overShare: 'Your other photos are still being processed. Please try again in a moment.',
    full: 'Many photos are being processed. Please try again in a moment.',
    // About one 24-megapixel decode.
    retryAfterSeconds: 2,
  });
}
