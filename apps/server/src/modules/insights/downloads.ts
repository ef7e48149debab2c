/** A file the browser saves rather than shows. */
export type Download = { filename: string; contentType: string; body: string | Buffer };

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const PDF_TYPE = 'application/pdf';

/** ASCII words of a title, for a file name every system and header accepts. */
export const slugOf = (title: string, fallback: string): string =>
  title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60)
    .replace(/-+$/, '') || fallback;

/** `YYYY-MM-DD` of a time, in UTC. */
export const dayOf = (time: Date): string => time.toISOString().slice(0, 10);

export const attachment = (filename: string): string => `attachment; filename="${filename}"`;
