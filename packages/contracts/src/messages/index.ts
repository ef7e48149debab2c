/*
 * What the API says: every message it answers with, one catalogue with a section per domain,
 * exported by the package as API_MESSAGES (`API_MESSAGES.plan.notFound`). The server answers
 * each refusal with `{code, message}` (ERROR_CODES in constants.ts): clients branch on the
 * code; the message is for people, and the web shows it as it is. What the web writes itself is
 * its own catalogue (apps/web/src/config/messages). A file per section, so that a page's bundle
 * carries only the sections its code reads.
 */
export { access } from './access.js';
export { accountRequest } from './account-request.js';
export { alert } from './alert.js';
export { assessment, supplierRequest } from './assessment.js';
export { analysis } from './analysis.js';
export { apiKey } from './api-key.js';
export { auth } from './auth.js';
export { cursor } from './cursor.js';
export { exposure } from './exposure.js';
export { feedReport } from './feed-report.js';
export { geocode } from './geocode.js';
export { google } from './google.js';
export { incident } from './incident.js';
export { insights } from './insights.js';
export { invitation } from './invitation.js';
export { job } from './job.js';
export { me } from './me.js';
export { organization } from './organization.js';
export { place } from './place.js';
export { placeSearch } from './place-search.js';
export { plan } from './plan.js';
export { product } from './product.js';
export { platformRole } from './platform-role.js';
export { request } from './request.js';
export { session } from './session.js';
export { settings } from './settings.js';
export { shipment } from './shipment.js';
export { shipmentMap } from './shipment-map.js';
export { site } from './site.js';
export { source } from './source.js';
export { twoFactor } from './two-factor.js';
export { user } from './user.js';
export { userRule } from './user-rule.js';
