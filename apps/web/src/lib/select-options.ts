/** Select options whose label is the value itself, as for the option lists of the contracts. */
export const optionsOf = (values: readonly string[]): { value: string; label: string }[] =>
  values.map((value) => ({ value, label: value }));
