export const source = {
  loadFailed: 'Unable to load the data sources',
  addFailed: 'Unable to add the data source',
  updateFailed: 'Unable to change the data source',
  pollFailed: 'Unable to poll the data source',
  deleteFailed: 'Unable to remove the data source',
  added: (name: string) => `${name} added: it is polled now`,
  paused: (name: string) => `${name} paused`,
  resumed: (name: string) => `${name} resumed`,
  polling: (name: string) => `Polling ${name}...`,
  deleted: (name: string) => `${name} removed`,
} as const;
