/** Every route of the app, defined once in contracts (the server writes the same links). */
export { WEB_PATHS as paths } from '@meridian/contracts/constants';
