import { z } from 'zod';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(DATABASE_KINDS) });
export type HealthResponse = z.infer<typeof healthResponse>;
