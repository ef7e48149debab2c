import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { localStore } from './storage';

const listeners = new Set<() => void>();

export const getActiveOrganizationId = (): string | null =>
  localStore.get(STORAGE_KEYS.activeOrganizationId);

export function setActiveOrganizationId(organizationId: string | null): void {
  if (organizationId === getActiveOrganizationId()) return;
  if (organizationId) localStore.set(STORAGE_KEYS.activeOrganizationId, organizationId);
  else localStore.remove(STORAGE_KEYS.activeOrganizationId);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The organization the user acts as, sent by the HTTP client as X-Act-As-Organization. */
export function useActiveOrganizationId(): string | null {
  return useSyncExternalStore(subscribe, getActiveOrganizationId);
}
