/** A job payload's required text field; a job without it fails (and shows why). */
export const payloadText = (value: unknown, name: string): string => {
  if (typeof value !== 'string' || value === '') throw new Error(`job payload lacks ${name}`);
  return value;
};
