import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  BUILT_IN_SOURCE_KINDS,
  type BuiltInSourceKind,
  type FusionRules,
  parseFusionRules,
} from '@meridian/contracts';
import { parseTrustProxy } from './lib/client-ip.js';
import { isAcceptableIssuer } from './lib/oidc.js';

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Lines for people at a terminal, JSON for machines (a pipe, a file, a log collector). */
export const chooseLogFormat = (forced: LogFormat | undefined, stdoutIsTerminal: boolean) =>
  forced ?? (stdoutIsTerminal ? 'pretty' : 'json');

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
  // Loopback unless told otherwise: serving a network is a choice (HOST=0.0.0.0).
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: optionalString.pipe(
    z.enum(LOG_FORMATS, { message: 'LOG_FORMAT must be json or pretty' }).optional(),
  ),
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
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** 0 keeps this instance from running background jobs (another instance runs them). */
  WORKERS: flag,
  /**
   * The hazard feeds installed on first start: a comma list of USGS, GDACS, NWS, EONET, or
   * "none". Default: all of them in production, none elsewhere.
   */
  FEEDS: optionalString,
  FEED_URL_USGS: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  FEED_URL_GDACS: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  FEED_URL_NWS: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  FEED_URL_EONET: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  FEED_URL_NHC: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** A feed request that takes longer fails (and is retried later). */
  FEED_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** How long a claimed poll is its instance's; past it (a crash), another instance polls. */
  FEED_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(180),
  /**
   * How the publishers of the feeds can reach whoever runs this install (an e-mail address or a
   * URL), sent in each feed request's User-Agent as weather.gov asks.
   */
  FEEDS_CONTACT: optionalString.pipe(
    z
      .string()
      .max(200)
      .regex(
        /^[\x20-\x27\x2a-\x5b\x5d-\x7e]+$/,
        'printable ASCII without parentheses or backslashes',
      )
      .optional(),
  ),
  /**
   * When one event reported by several feeds is one incident (parseFusionRules): empty for the
   * defaults, `off`, or `EARTHQUAKE=15m/150km,FLOOD=off`.
   */
  FEED_FUSION: optionalString.transform((value, context) => {
    try {
      return parseFusionRules(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  /** A feed document larger than this is refused, leaving its incidents as they are. */
  FEED_MAX_MB: z.coerce.number().min(0.001).max(500).default(10),
  /**
   * 1 lets integrations (Slack, Teams, webhooks) post to private and loopback addresses: an
   * install on a closed network, or tests. Off, such URLs are refused when saved and when sent.
   */
  ALERTS_ALLOW_PRIVATE_URLS: flag,
  /** 1 lets hazard feeds be read from private and loopback addresses (the same reasons). */
  FEEDS_ALLOW_PRIVATE_URLS: flag,
  /** One incident alerts one person at most once per this many seconds; later changes wait in a digest. */
  ALERT_DIGEST_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /**
   * How often a live inbox stream shows it is alive (proxies close silent connections) and
   * checks that its session still holds, ending it when not.
   */
  INBOX_STREAM_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  /**
   * The longest the exposure clock sleeps: an incident's end or a shipment's ETA passing shows in
   * exposure within this many seconds (the clock wakes at such a moment when it knows it).
   */
  EXPOSURE_CLOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** An SMS gateway taking Twilio's form POST (…/Messages.json); SMS alerts are off without it. */
  SMS_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SMS_USERNAME: optionalString,
  SMS_PASSWORD: optionalString,
  /** The sender number or name the gateway sends from. */
  SMS_FROM: optionalString,
  /** A Slack, Teams or webhook receiver that takes longer fails this attempt (retried later). */
  ALERT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  /**
   * An OpenAI-compatible API (OpenAI, an Azure-style gateway, Ollama, vLLM: the URL before
   * `/chat/completions`) for the analysis assistant; without it the built-in analyst answers.
   */
  LLM_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  /** A model that has not finished its answer by then fails (the failure is stored). */
  LLM_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** Questions one organization may have with the model at once (per server instance). */
  LLM_CONCURRENCY_PER_ORGANIZATION: z.coerce.number().int().min(1).max(100).default(3),
  /** Password hashes queued beyond the ones running; more answer 503 rather than wait. */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(1).default(32),
});

export type AppConfig = {
  env: string;
  host: string;
  port: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** LOG_FORMAT, else pretty when standard output is a terminal and JSON otherwise. */
  logFormat: LogFormat;
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
  /** False, a hop count, or the proxies' addresses and ranges (never "everyone"). */
  trustProxy: number | string[] | false;
  /** Cost of password hashing; tests lower it only through this field, never production. */
  passwordHashing: { memoryCost: number; timeCost: number; parallelism: number };
  /** How many password hashes may wait for one of the running ones. */
  passwordHashQueue: number;
  /** Whether this instance runs the background jobs. */
  workers: boolean;
  feeds: {
    /** The built-in sources to install on first start, with their URLs. */
    install: { kind: BuiltInSourceKind; url: string }[];
    timeoutMs: number;
    leaseMs: number;
    maxBytes: number;
    /** Feed URLs may point at private networks (on-premises feeds, tests). */
    allowPrivateUrls: boolean;
    /** The operator's contact for the feeds' publishers (User-Agent), if set. */
    contact: string | null;
    /** Which hazards are fused across feeds, and within what time and distance. */
    fusion: FusionRules;
  };
  /** The exposure clock's longest sleep (EXPOSURE_CLOCK_SECONDS). */
  exposureClockMs: number;
  alerts: {
    allowPrivateUrls: boolean;
    timeoutMs: number;
    digestWindowMs: number;
    /** How often a live inbox stream sends a heartbeat and checks its session still holds. */
    streamHeartbeatMs: number;
    sms: { url: string; username: string; password: string; from: string } | null;
  };
  /** The analysis assistant's language model; null: the built-in analyst answers. */
  llm: {
    baseUrl: string;
    apiKey: string | undefined;
    model: string;
    timeoutMs: number;
    concurrencyPerOrganization: number;
  } | null;
};

export const OWASP_ARGON2ID = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export class ConfigError extends Error {}

/** Reads the process environment once, failing fast with a readable list of bad settings. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.FEED_LEASE_SECONDS <= e.FEED_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'Invalid configuration:\n  FEED_LEASE_SECONDS must be longer than FEED_TIMEOUT_SECONDS (a poll may take that long)',
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    logFormat: chooseLogFormat(e.LOG_FORMAT, stdoutIsTerminal),
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
    trustProxy: e.TRUST_PROXY,
    passwordHashing: { ...OWASP_ARGON2ID },
    passwordHashQueue: e.PASSWORD_HASH_QUEUE,
    workers: e.WORKERS ?? true,
    feeds: {
      install: feedsToInstall(e),
      timeoutMs: e.FEED_TIMEOUT_SECONDS * 1000,
      leaseMs: e.FEED_LEASE_SECONDS * 1000,
      maxBytes: Math.round(e.FEED_MAX_MB * 1024 * 1024),
      allowPrivateUrls: e.FEEDS_ALLOW_PRIVATE_URLS ?? false,
      contact: e.FEEDS_CONTACT ?? null,
      fusion: e.FEED_FUSION,
    },
    exposureClockMs: e.EXPOSURE_CLOCK_SECONDS * 1000,
    alerts: {
      allowPrivateUrls: e.ALERTS_ALLOW_PRIVATE_URLS ?? false,
      timeoutMs: e.ALERT_TIMEOUT_SECONDS * 1000,
      digestWindowMs: e.ALERT_DIGEST_SECONDS * 1000,
      streamHeartbeatMs: e.INBOX_STREAM_HEARTBEAT_SECONDS * 1000,
      sms: smsGateway(e),
    },
    llm: languageModel(e),
  };
}

function languageModel(e: z.infer<typeof EnvSchema>): AppConfig['llm'] {
  if (!e.LLM_BASE_URL) return null;
  if (!e.LLM_MODEL) {
    throw new ConfigError('Invalid configuration:\n  LLM_BASE_URL is set but LLM_MODEL is not');
  }
  return {
    baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
    apiKey: e.LLM_API_KEY,
    model: e.LLM_MODEL,
    timeoutMs: e.LLM_TIMEOUT_SECONDS * 1000,
    concurrencyPerOrganization: e.LLM_CONCURRENCY_PER_ORGANIZATION,
  };
}

function smsGateway(e: z.infer<typeof EnvSchema>): AppConfig['alerts']['sms'] {
  if (!e.SMS_URL) return null;
  const missing = (['SMS_USERNAME', 'SMS_PASSWORD', 'SMS_FROM'] as const).filter((key) => !e[key]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  SMS_URL is set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not`,
    );
  }
  return {
    url: e.SMS_URL,
    username: e.SMS_USERNAME ?? '',
    password: e.SMS_PASSWORD ?? '',
    from: e.SMS_FROM ?? '',
  };
}

/** The public feeds' addresses (see the README for what each brings). */
export const DEFAULT_FEED_URLS: Record<BuiltInSourceKind, string> = {
  USGS: 'https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/4.5_day.geojson',
  GDACS: 'https://www.gdacs.org/gdacsapi/api/events/geteventlist/EVENTS4APP',
  NWS: 'https://api.weather.gov/alerts/active?status=actual&severity=Extreme,Severe',
  EONET: 'https://eonet.gsfc.nasa.gov/api/v3/events/geojson?status=open',
  NHC: 'https://www.nhc.noaa.gov/CurrentStorms.json',
};

function feedsToInstall(e: z.infer<typeof EnvSchema>): AppConfig['feeds']['install'] {
  const wanted =
    e.FEEDS === undefined
      ? e.NODE_ENV === 'production'
        ? [...BUILT_IN_SOURCE_KINDS]
        : []
      : e.FEEDS.toLowerCase() === 'none'
        ? []
        : e.FEEDS.split(',').map((kind) => kind.trim().toUpperCase());
  const unknown = wanted.filter(
    (kind) => !(BUILT_IN_SOURCE_KINDS as readonly string[]).includes(kind),
  );
  if (unknown.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  FEEDS: unknown feed ${unknown.join(', ')} (use ${BUILT_IN_SOURCE_KINDS.join(', ')} or none)`,
    );
  }
  return (wanted as BuiltInSourceKind[]).map((kind) => ({
    kind,
    url: e[`FEED_URL_${kind}`] ?? DEFAULT_FEED_URLS[kind],
  }));
}

export const randomSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');
