import { z } from 'zod';

/** Runtime settings the browser needs; never a secret. */
export const PublicConfig = z.object({
  productName: z.string(),
  internalDomain: z.string(),
  google: z
    .object({
      clientId: z.string(),
      allowedDomain: z.string().nullable(),
      /** From the issuer's discovery document; null while the issuer cannot be reached. */
      authorizationEndpoint: z.string().nullable(),
    })
    .nullable(),
  mapStyleUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const HealthResponse = z.object({ status: z.literal('ok') });
