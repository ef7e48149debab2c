/** Rows per statement: well under PostgreSQL's 65,535 parameters at ~25 columns a row. */
export const CHUNK = 1000;

/** The items in runs of at most `size`, for statements that bind a parameter per item. */
export const chunks = <T>(items: readonly T[], size = CHUNK): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
