import { useMutation } from '@tanstack/react-query';

/**
 * Runs one download at a time and tells whether one is under way; a failure shows as the
 * mutation cache's error toast.
 */
export const useDownload = () =>
  useMutation({ mutationFn: (download: () => Promise<void>) => download() });
