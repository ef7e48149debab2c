import { type Product, ProductInput, type ProductValues } from '@meridian/contracts';
import { amountOf } from '../import/products';

/** A line of the bill of materials as the form holds it. */
export type PartRow = { part: string; siteId: string; sharePercent: string; singleSource: boolean };

/** The product form's values: text as typed, converted when the form is sent. */
export type ProductFormValues = {
  sku: string;
  name: string;
  revenue: string;
  period: 'day' | 'year';
  currency: string;
  coverDays: string;
  parts: PartRow[];
};

export const EMPTY_PART: PartRow = {
  part: '',
  siteId: '',
  sharePercent: '100',
  singleSource: false,
};

export const EMPTY_PRODUCT: ProductFormValues = {
  sku: '',
  name: '',
  revenue: '',
  period: 'day',
  currency: '',
  coverDays: '0',
  parts: [],
};

/** A product's values in the form. */
export const productFormValues = (product: Product): ProductFormValues => ({
  sku: product.sku,
  name: product.name,
  revenue:
    product.revenuePerDay === null ? '' : String(Math.round(product.revenuePerDay * 100) / 100),
  period: 'day',
  currency: product.currency ?? '',
  coverDays: String(product.coverDays),
  parts: product.parts.map((line) => ({
    part: line.part,
    siteId: line.site.id,
    sharePercent: String(Math.round(line.share * 1000) / 10),
    singleSource: line.singleSource,
  })),
});

export { amountOf } from '../import/products';

/** A form field a problem of the input is shown at. */
export type FormProblem = { field: string; message: string };

/**
 * The form as the API takes it, checked by the contract's own schema (the server's rules:
 * shares, single sources, duplicates); or the problems, at the form's fields.
 */
export function toProductInput(
  values: ProductFormValues,
): { value: ProductValues; problems: [] } | { value: null; problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  const number = (field: string, text: string) => {
    const value = amountOf(text);
    if (Number.isNaN(value)) problems.push({ field, message: 'Enter a number' });
    return value ?? null;
  };
  const revenue = number('revenue', values.revenue);
  const cover = number('coverDays', values.coverDays);
  const parts = values.parts.map((line, index) => {
    const share = number(`parts.${index}.sharePercent`, line.sharePercent);
    if (!line.siteId) problems.push({ field: `parts.${index}.siteId`, message: 'Choose a site' });
    return {
      part: line.part,
      siteId: line.siteId,
      share: line.singleSource ? 1 : share === null ? 1 : share / 100,
      singleSource: line.singleSource,
    };
  });
  if (problems.length > 0) return { value: null, problems };
  const parsed = ProductInput.safeParse({
    sku: values.sku,
    name: values.name,
    ...(values.period === 'year' ? { revenuePerYear: revenue } : { revenuePerDay: revenue }),
    currency: values.currency.trim() ? values.currency.trim().toUpperCase() : null,
    coverDays: cover ?? 0,
    parts: parts.filter((line) => line.siteId),
  });
  if (parsed.success) return { value: parsed.data, problems: [] };
  return {
    value: null,
    problems: parsed.error.issues.map((issue) => {
      const [first, index, key] = issue.path.map(String);
      const field =
        first === 'parts' && index !== undefined
          ? `parts.${index}.${key === 'share' ? 'sharePercent' : key === 'singleSource' ? 'singleSource' : key === 'siteId' ? 'siteId' : 'part'}`
          : first === 'revenuePerDay' || first === 'revenuePerYear'
            ? 'revenue'
            : (first ?? 'name');
      return { field, message: issue.message };
    }),
  };
}
