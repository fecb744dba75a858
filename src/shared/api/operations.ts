// The operators' endpoints (issue 33): GET /api/ready's answer when the instance can take work (503 {message} else).
import { z } from 'zod';

export const readiness = z.object({ status: z.literal('ready') });
export type Readiness = z.infer<typeof readiness>;
