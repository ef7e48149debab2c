/** localStorage and sessionStorage that never throw (they can be disabled or full). */
const safeStorage = (area: () => Storage) => ({
  get(key: string): string | null {
    try {
      return area().getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      area().setItem(key, value);
    } catch {
      // Without storage the value lives only as long as the page.
    }
  },
  remove(key: string): void {
    try {
      area().removeItem(key);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
});

export const localStore = safeStorage(() => window.localStorage);
export const sessionStore = safeStorage(() => window.sessionStorage);
