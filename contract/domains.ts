import { z } from 'zod';
import { listOf } from './pagination.ts';

export const ImportStatusValueSchema = z.enum(['pending', 'success', 'failed']);

/** Spec §3 "Buyer domain". */
export const BuyerDomainSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  referents_file: z.object({ id: z.string(), file_name: z.string() }).nullable(),
  import_status: z
    .object({ status: ImportStatusValueSchema, errors: z.array(z.string()) })
    .nullable(),
});
export type BuyerDomain = z.infer<typeof BuyerDomainSchema>;

export const BuyerDomainListSchema = listOf(BuyerDomainSchema);
export type BuyerDomainList = z.infer<typeof BuyerDomainListSchema>;
