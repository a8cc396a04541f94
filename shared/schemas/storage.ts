import { z } from 'zod';

/**
 * How saving the demo's data stands. While saves fail, `message` says what went wrong and what to do; the shell
 * shows it until a save succeeds (the 'demo.saveStatus' push).
 */
export const saveStatusSchema = z.strictObject({
  ok: z.boolean(),
  message: z.string().max(2000).optional(),
});
export type SaveStatus = z.infer<typeof saveStatusSchema>;
