/*
 * What the web app writes itself: one catalogue with a section per screen, read as a namespace
 * (`import * as WEB_MESSAGES from '@/config/messages'`, then `WEB_MESSAGES.team.userUpdated`).
 * What the API says, and the web shows as it is, is the contracts' API_MESSAGES. A file per
 * section, so that the login page's bundle carries only the sections it reads (e2e/sign-in.e2e.ts
 * holds it to its weight).
 */
export { accountRequest } from './account-request';
export { adminFallback } from './admin-fallback';
export { apiKey } from './api-key';
export { auth } from './auth';
export { common } from './common';
export { events } from './events';
export { assessment } from './assessment';
export { exposure } from './exposure';
export { googleLink } from './google-link';
export { importFile } from './import-file';
export { incident } from './incident';
export { insights } from './insights';
export { integration } from './integration';
export { jobs } from './jobs';
export { notification } from './notification';
export { organizationPage } from './organization-page';
export { plan } from './plan';
export { plansApi } from './plans-api';
export { settings } from './settings';
export { source } from './source';
export { suppliers } from './suppliers';
export { team } from './team';
export { twoFactor } from './two-factor';
export { supplierResponse } from './supplier-response';
