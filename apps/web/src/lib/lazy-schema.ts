import type * as Contracts from '@meridian/contracts';
import type * as Readers from './readers';

type ContractExports = typeof Contracts;
type ReaderExports = typeof Readers;

/** A module loaded on first use; a failed fetch is tried again with the next reply. */
const loadOnce = <Module>(load: () => Promise<Module>) => {
  let loading: Promise<Module> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
};

const loadContracts = loadOnce(() => import('@meridian/contracts'));
const loadReaders = loadOnce(() => import('./readers'));

/**
 * A reply schema of the contracts, loaded when the first reply needs checking. The calls the
 * login page and the session make use these, so that page loads without zod and the
 * contracts' schemas (about 25 KB of gzipped JavaScript).
 */
export const lazySchema =
  <Name extends keyof ContractExports>(name: Name) =>
  async (): Promise<ContractExports[Name]> =>
    (await loadContracts())[name];

/** A reader of the web's (see readers.ts), loaded like lazySchema's schemas. */
export const lazyReader =
  <Name extends keyof ReaderExports>(name: Name) =>
  async (): Promise<ReaderExports[Name]> =>
    (await loadReaders())[name];

/** Starts loading the schemas ahead of a reply known to be coming. */
export const preloadSchemas = (): void => void loadContracts().catch(() => undefined);
