export const cursor = {
  invalid: 'cursor is not valid',
  otherQuery: 'cursor belongs to another query: start again without it',
} as const;
