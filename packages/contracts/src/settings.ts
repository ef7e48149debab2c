import { z } from 'zod';
import { LIMITS } from './constants.js';
import { SIGN_IN_METHODS } from './enums.js';
import { Password } from './auth.js';
import { CurrencyCode } from './common.js';
import { PRIORITIES } from './priority.js';
import { TwoFactorStatus } from './two-factor.js';
import { PersonName, User } from './users.js';

/** Option lists of the specification (part 9). */
export const LANGUAGES = ['English (US)', 'English (UK)', 'Spanish', 'French', 'German'] as const;
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'DD MMM YYYY'] as const;
export const TIMEZONES = [
  'Automatic',
  'UTC',
  'Eastern',
  'Central',
  'Mountain',
  'Pacific',
  'London',
  'Paris',
  'Tokyo',
] as const;
export const THEMES = ['system', 'light', 'dark'] as const;
export const ORGANIZATION_TYPES = [
  'Enterprise',
  'Government',
  'Non-Profit',
  'Small Business',
  'Startup',
] as const;
export const MONITORING_SCOPES = ['Global', 'Regional', 'National', 'Custom'] as const;
/** The specification names nine industries without listing them; these are ours. */
export const INDUSTRIES = [
  'Automotive',
  'Consumer Goods',
  'Electronics',
  'Energy',
  'Food & Beverage',
  'Healthcare & Pharma',
  'Industrial Manufacturing',
  'Logistics & Transportation',
  'Retail',
] as const;
export const NOTIFICATION_SEVERITIES = ['Severity 1', 'Severity 2', 'Severity 3', 'All'] as const;

export const Theme = z.enum(THEMES);
export type Theme = z.infer<typeof Theme>;

export const Preferences = z.strictObject({
  language: z.enum(LANGUAGES),
  dateFormat: z.enum(DATE_FORMATS),
  timezone: z.enum(TIMEZONES),
  theme: Theme,
});
export type Preferences = z.infer<typeof Preferences>;
export const DEFAULT_PREFERENCES: Preferences = {
  language: 'English (US)',
  dateFormat: 'MM/DD/YYYY',
  timezone: 'Automatic',
  theme: 'dark',
};

/** The IANA zone of each profile time zone ("Automatic": the browser's own). */
export const TIMEZONE_ZONES: Readonly<
  Record<Exclude<(typeof TIMEZONES)[number], 'Automatic'>, string>
> = {
  UTC: 'UTC',
  Eastern: 'America/New_York',
  Central: 'America/Chicago',
  Mountain: 'America/Denver',
  Pacific: 'America/Los_Angeles',
  London: 'Europe/London',
  Paris: 'Europe/Paris',
  Tokyo: 'Asia/Tokyo',
};

const ClockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM, e.g. 22:00');

/** Whether the runtime knows an IANA time zone. */
const knownZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * Hours in which only what cannot wait reaches the channels (what is assigned to the person,
 * a P1 incident, a critical site hit); the rest waits for their end, in one digest per incident.
 */
export const QuietHours = z.strictObject({
  enabled: z.boolean(),
  from: ClockTime,
  to: ClockTime,
  /** The person's time zone (IANA), as the browser read it from their profile. */
  timeZone: z.string().max(64).refine(knownZone, 'Unknown time zone'),
});
export type QuietHours = z.infer<typeof QuietHours>;

const ChannelSwitches = z.strictObject({
  desktop: z.boolean(),
  slack: z.boolean(),
  teams: z.boolean(),
  email: z.boolean(),
  sms: z.boolean(),
});
export type NotificationChannel = keyof z.infer<typeof ChannelSwitches>;

/**
 * The kinds of alert, as people choose their channels for them: an incident reaching the
 * organization (new, escalated, a summary), their own work (assigned, overdue), and endings
 * (resolved, cleared, a plan completed).
 */
export const ALERT_GROUPS = ['exposure', 'work', 'resolution'] as const;
export type AlertGroup = (typeof ALERT_GROUPS)[number];

const ALL_CHANNELS = { desktop: true, slack: true, teams: true, email: true, sms: true };
const EVERY_GROUP_ON = { exposure: ALL_CHANNELS, work: ALL_CHANNELS, resolution: ALL_CHANNELS };

const ChannelsByGroup = z.strictObject({
  exposure: ChannelSwitches,
  work: ChannelSwitches,
  resolution: ChannelSwitches,
});

export const NotificationSettings = z.strictObject({
  channels: ChannelSwitches,
  /**
   * Per kind of alert, which of the channels switched on carry it (a channel off in `channels`
   * carries nothing). Every one by default.
   */
  channelsByGroup: ChannelsByGroup,
  severity: z.enum(NOTIFICATION_SEVERITIES),
  /**
   * From this priority up, an incident exposing the organization reaches the channels (at
   * once); below it, the in-app inbox only.
   */
  priority: z.enum(PRIORITIES),
  quietHours: QuietHours,
  plan: z.boolean(),
  action: z.boolean(),
  resolution: z.boolean(),
  /** Where SMS alerts go, in E.164 form (+ and up to 15 digits); none until given. */
  smsNumber: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, 'Enter the number in international form, e.g. +14155550123')
    .nullable()
    .optional(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/**
 * What saving notification settings takes: the same, with the channels per kind optional (every
 * one on when left out, as for a client from before they existed).
 */
export const NotificationSettingsInput = NotificationSettings.extend({
  channelsByGroup: ChannelsByGroup.optional(),
}).transform((settings): NotificationSettings => ({
  ...settings,
  channelsByGroup: settings.channelsByGroup ?? EVERY_GROUP_ON,
}));
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  channels: { desktop: true, slack: false, teams: false, email: true, sms: false },
  channelsByGroup: EVERY_GROUP_ON,
  severity: 'All',
  priority: 'P2',
  quietHours: { enabled: false, from: '22:00', to: '07:00', timeZone: 'UTC' },
  plan: true,
  action: true,
  resolution: true,
};

/** The most entries an IP allow list holds: enough for every office and VPN, cheap to check. */
export const IP_ALLOW_LIST_MAX = 500;

export const SecuritySettings = z.strictObject({
  userAccess: z.boolean(),
  /** On: people may ask for an account at the organization's e-mail domain. */
  memberRequests: z.boolean(),
  /** On: the organization's users may sign in with Google. */
  externalAccess: z.boolean(),
  /** On: a session ends after 8 hours without activity. */
  sessionTimeout: z.boolean(),
  /** On: requests only from the addresses in `ipAllowList`. */
  ipWhitelist: z.boolean(),
  auditLogging: z.boolean(),
  /**
   * On: members who sign in with a password must use two-factor authentication (Google
   * sign-ins are exempt: Google checked the second factor).
   */
  requireTwoFactor: z.boolean(),
  /** IPv4 and IPv6 addresses and CIDR ranges (the server checks each). */
  ipAllowList: z
    .array(z.string().trim().min(1, { message: 'an entry is empty' }).max(64))
    .max(IP_ALLOW_LIST_MAX, {
      message: `at most ${IP_ALLOW_LIST_MAX} addresses or ranges`,
    })
    .default([]),
});
export type SecuritySettings = z.infer<typeof SecuritySettings>;
export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  userAccess: true,
  memberRequests: false,
  externalAccess: true,
  sessionTimeout: true,
  ipWhitelist: false,
  auditLogging: true,
  requireTwoFactor: false,
  ipAllowList: [],
};

export const FEATURE_FLAGS = [
  'atlasMonitoring',
  'eventAnalysis',
  'planExecution',
  'aiAgents',
  'notifications',
  'reporting',
  'integrations',
  'auditLogging',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const PlatformSettings = z.strictObject({
  organizationType: z.enum(ORGANIZATION_TYPES),
  industry: z.enum(INDUSTRIES),
  monitoringScope: z.enum(MONITORING_SCOPES),
  regions: z.string().trim().max(LIMITS.shortText),
  features: z.strictObject({
    atlasMonitoring: z.boolean(),
    eventAnalysis: z.boolean(),
    planExecution: z.boolean(),
    aiAgents: z.boolean(),
    notifications: z.boolean(),
    reporting: z.boolean(),
    integrations: z.boolean(),
    auditLogging: z.boolean(),
  }),
});
export type PlatformSettings = z.infer<typeof PlatformSettings>;
export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  organizationType: 'Enterprise',
  industry: 'Logistics & Transportation',
  monitoringScope: 'Global',
  regions: '',
  features: {
    atlasMonitoring: true,
    eventAnalysis: true,
    planExecution: true,
    aiAgents: false,
    notifications: true,
    reporting: true,
    integrations: false,
    auditLogging: true,
  },
};

/** The most exchange rates an organization keeps: every currency in use, with room to spare. */
export const EXCHANGE_RATES_MAX = 200;

export const ExchangeRate = z.strictObject({
  currency: CurrencyCode,
  /** What one unit of `currency` is worth in the organization's currency. */
  rate: z
    .number({ message: 'rate must be a number' })
    .positive({ message: 'rate must be more than 0' })
    .max(1e9, { message: 'rate must be at most 1,000,000,000' }),
});
export type ExchangeRate = z.infer<typeof ExchangeRate>;

/**
 * The currency an organization counts its values in, and the rates its admins keep for the
 * others (Meridian has no internet source of rates). An amount without a currency is taken to
 * be in the organization's currency.
 */
export const CurrencySettings = z
  .strictObject({
    currency: CurrencyCode,
    rates: z
      .array(ExchangeRate)
      .max(EXCHANGE_RATES_MAX, { message: `at most ${EXCHANGE_RATES_MAX} exchange rates` })
      .default([]),
    /** The day the rates were taken (as the admin says), shown beside every conversion. */
    ratesAsOf: z.iso.date({ message: 'ratesAsOf must be a date (YYYY-MM-DD)' }).nullable(),
  })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.rates.forEach(({ currency }, index) => {
      const path = ['rates', index, 'currency'];
      if (currency === value.currency) {
        context.addIssue({
          code: 'custom',
          path,
          message: `${currency} is the organization's own currency: it needs no rate`,
        });
      } else if (seen.has(currency)) {
        context.addIssue({ code: 'custom', path, message: `${currency} has two rates` });
      }
      seen.add(currency);
    });
  });
export type CurrencySettings = z.infer<typeof CurrencySettings>;
export const DEFAULT_CURRENCY_SETTINGS: CurrencySettings = {
  currency: 'USD',
  rates: [],
  ratesAsOf: null,
};

export const Profile = z.object({
  user: User,
  preferences: Preferences,
  /** False until the user saves preferences: until then a browser keeps its own theme. */
  preferencesSaved: z.boolean(),
  passwordChangedAt: z.string().nullable(),
  /** How the account signs in: with a password, only through Google, or either. */
  loginMethod: z.enum(['PASSWORD', 'GOOGLE', 'PASSWORD_AND_GOOGLE']),
  /** When the Google account was linked (by its subject); null when none is. */
  googleLinkedAt: z.string().nullable(),
  twoFactor: TwoFactorStatus,
});
export type Profile = z.infer<typeof Profile>;
export const ProfileResponse = z.object({ message: z.string(), data: Profile });
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const ProfileUpdate = z.strictObject({ firstName: PersonName, lastName: PersonName });
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

export const PasswordChange = z.strictObject({
  currentPassword: z
    .string()
    .min(1, { message: 'currentPassword is required' })
    .max(LIMITS.passwordMax),
  newPassword: Password,
});
export type PasswordChange = z.infer<typeof PasswordChange>;

export const Session = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  /** The session this request is made from. */
  current: z.boolean().optional(),
  userAgent: z.string().nullable().optional(),
  ip: z.string().nullable().optional(),
  /** The browser and system read from the user agent ("Chrome on macOS"), when recognised. */
  device: z.string().nullable().optional(),
  /** How the session was signed in. */
  method: z.enum(SIGN_IN_METHODS).optional(),
});
export type Session = z.infer<typeof Session>;

export const UserSessionParams = z.object({
  id: z.uuid({ message: 'id must be a UUID' }),
  sessionId: z.uuid({ message: 'sessionId must be a UUID' }),
});
export type UserSessionParams = z.infer<typeof UserSessionParams>;
export const SessionListResponse = z.object({
  message: z.string(),
  data: z.object({ sessions: z.array(Session) }),
});
export type SessionListResponse = z.infer<typeof SessionListResponse>;

const settingsResponse = <T extends z.ZodType>(schema: T) =>
  z.object({ message: z.string(), data: schema });
export const PreferencesResponse = settingsResponse(Preferences);
export const NotificationSettingsResponse = settingsResponse(NotificationSettings);
export const SecuritySettingsResponse = settingsResponse(SecuritySettings);
export const PlatformSettingsResponse = settingsResponse(PlatformSettings);
export const CurrencySettingsResponse = settingsResponse(CurrencySettings);
