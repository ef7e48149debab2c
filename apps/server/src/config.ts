import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isAcceptableIssuer } from './lib/oidc.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) =>
    value === undefined || value === '' ? undefined : value === '1' || value === 'true',
  );

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.string().default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default(path.resolve(process.cwd(), 'data')),
  DATABASE_URL: optionalString,
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  INTERNAL_DOMAIN: z.string().trim().toLowerCase().default('meridian.local'),
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  DEMO_DATA: flag,
  DEMO_PASSWORD: optionalString,
  JWT_SECRET: optionalString.pipe(
    z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ),
  CORS_ORIGINS: optionalString,
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1000),
  ACCOUNT_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  REDIS_URL: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ALLOWED_DOMAIN: optionalString,
  OIDC_ISSUER: z
    .url()
    .default('https://accounts.google.com')
    .refine((issuer) => isAcceptableIssuer(new URL(issuer)), {
      message: 'OIDC_ISSUER must be https (plain http only on loopback)',
    }),
  MAP_STYLE_URL: optionalString,
  GEOCODER_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optionalString.pipe(
    z.string().includes('@', { message: 'MAIL_FROM must contain an e-mail address' }).optional(),
  ),
  WEB_DIST_DIR: z.string().default(path.resolve(serverRoot, '../web/dist')),
  TRUST_PROXY: flag,
});

export type AppConfig = {
  env: string;
  host: string;
  port: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };
  publicUrl: string | undefined;
  internalDomain: string;
  admin: { email: string | undefined; password: string | undefined };
  demo: { enabled: boolean | undefined; password: string | undefined };
  jwtSecret: string | undefined;
  corsOrigins: string[];
  rateLimitPerMinute: number;
  /** Per IP, for the public account-request form. */
  accountRequestsPerMinute: number;
  redisUrl: string | undefined;
  google: {
    clientId: string;
    clientSecret: string | undefined;
    allowedDomain: string | undefined;
    issuer: string;
  } | null;
  mapStyleUrl: string | undefined;
  /** A Nominatim-compatible search endpoint for street-level geocoding; else the gazetteer only. */
  geocoderUrl: string | undefined;
  /** Invitations are e-mailed only when an SMTP server is configured. */
  mail: { smtpUrl: string | undefined; from: string };
  webDistDir: string;
  trustProxy: boolean;
  /** Cost of password hashing; tests lower it only through this field, never production. */
  passwordHashing: { memoryCost: number; timeCost: number; parallelism: number };
};

export const OWASP_ARGON2ID = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export class ConfigError extends Error {}

/** Reads the process environment once, failing fast with a readable list of bad settings. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: e.DATA_DIR },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    internalDomain: e.INTERNAL_DOMAIN,
    admin: { email: e.ADMIN_EMAIL?.toLowerCase(), password: e.ADMIN_PASSWORD },
    demo: { enabled: e.DEMO_DATA, password: e.DEMO_PASSWORD },
    jwtSecret: e.JWT_SECRET,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    accountRequestsPerMinute: e.ACCOUNT_REQUESTS_PER_MINUTE,
    redisUrl: e.REDIS_URL,
    google: e.GOOGLE_CLIENT_ID
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET,
          allowedDomain: e.GOOGLE_ALLOWED_DOMAIN?.toLowerCase(),
          issuer: e.OIDC_ISSUER,
        }
      : null,
    mapStyleUrl: e.MAP_STYLE_URL,
    geocoderUrl: e.GEOCODER_URL,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Meridian <no-reply@${e.INTERNAL_DOMAIN}>`,
    },
    webDistDir: e.WEB_DIST_DIR,
    trustProxy: e.TRUST_PROXY ?? false,
    passwordHashing: { ...OWASP_ARGON2ID },
  };
}

export const randomSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');
