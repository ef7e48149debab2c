export const source = {
  notFound: 'Data source not found',
  platformOnly: 'Only platform admins can manage data sources',
  nameTaken: 'A data source with this name already exists',
  created: 'Data source created',
  updated: 'Data source updated',
  deleted: 'Data source deleted',
  pollQueued: 'Poll queued',
  pausedPoll: 'Enable the data source to poll it',
  listed: 'Data sources retrieved',
  rulesForNewsOnly: 'rules are for NEWS sources only',
  privateAddress:
    'This address is on a private network; Meridian reads feeds from public addresses',
} as const;
