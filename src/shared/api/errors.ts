// The one error body every failing API call answers with (CONVENTIONS rule 5).
import { z } from 'zod';

export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;
