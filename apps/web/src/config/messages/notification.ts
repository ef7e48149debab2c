export const notification = {
  loadFailed: 'Unable to load notifications',
  markReadFailed: 'Unable to mark the notification as read',
  markAllReadFailed: 'Unable to mark the notifications as read',
  empty: "You're all caught up",
  emptyDetail: 'Alerts about your incidents and exposures appear here.',
} as const;
