import type * as Contracts from '@meridian/contracts';

type ContractExports = typeof Contracts;

let contracts: Promise<ContractExports> | undefined;
const loadContracts = () =>
  (contracts ??= import('@meridian/contracts').catch((error: unknown) => {
    contracts = undefined; // a failed fetch is tried again with the next reply
    throw error;
  }));

/**
 * A reply schema of the contracts, loaded when the first reply needs checking. The calls the
 * login page and the session make use these, so that page loads without zod and the
 * contracts' schemas (about 25 KB of gzipped JavaScript).
 */
export const lazySchema =
  <Name extends keyof ContractExports>(name: Name) =>
  async (): Promise<ContractExports[Name]> =>
    (await loadContracts())[name];

/** Starts loading the schemas ahead of a reply known to be coming. */
export const preloadSchemas = (): void => void loadContracts().catch(() => undefined);
