/**
 * The part of a module's object (its repository) that other modules may call: the named
 * members, methods bound to their object, typed as they are there.
 */
export function face<T extends object, K extends keyof T>(
  source: T,
  names: readonly K[],
): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const name of names) {
    const value = source[name];
    picked[name] = (typeof value === 'function' ? value.bind(source) : value) as T[K];
  }
  return picked;
}
