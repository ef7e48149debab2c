import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { Spinner } from '@/components/ui/Spinner';
import type { Product, ProductValues } from '@meridian/contracts';
import { Plus, Trash2 } from 'lucide-react';
import {
  Controller,
  type FieldErrors,
  type Resolver,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { SitePicker } from './SitePicker';
import {
  EMPTY_PART,
  EMPTY_PRODUCT,
  type ProductFormValues,
  productFormValues,
  toProductInput,
} from './product-form';

const PERIOD_OPTIONS = [
  { value: 'day', label: 'per day' },
  { value: 'year', label: 'per year' },
];

/** The contract's own schema checks the form (shares, single sources, duplicate lines). */
const resolver: Resolver<ProductFormValues, unknown, ProductValues> = (values) => {
  const converted = toProductInput(values);
  if (converted.value) return { values: converted.value, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const problem of converted.problems) {
    errors[problem.field] ??= { type: 'validate', message: problem.message };
  }
  // Field paths of the parts ("parts.1.siteId") nest as react-hook-form reads them.
  const nested: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(errors)) {
    const keys = path.split('.');
    let node = nested;
    keys.slice(0, -1).forEach((key) => {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    });
    node[keys.at(-1) ?? path] = error;
  }
  return { values: {}, errors: nested as FieldErrors<ProductFormValues> };
};

/** Add a product with its bill of materials, or edit one (its parts are sent whole). */
export function ProductFormDialog({
  open,
  onOpenChange,
  product,
  pending,
  error,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product?: Product;
  pending: boolean;
  error: string | null;
  onSubmit: (input: ProductValues) => void;
}) {
  const initial = product ? productFormValues(product) : EMPTY_PRODUCT;
  const form = useForm<ProductFormValues, unknown, ProductValues>({
    resolver,
    defaultValues: initial,
    reValidateMode: 'onSubmit',
  });
  const parts = useFieldArray({ control: form.control, name: 'parts' });
  const lines = useWatch({ control: form.control, name: 'parts' });
  const { errors } = form.formState;
  const known = product?.parts.map((line) => line.site) ?? [];
  const submit = form.handleSubmit((input) => onSubmit(input));
  const close = (next: boolean) => {
    if (!next) form.reset(initial);
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="xl"
      title={product ? `Edit ${product.name}` : 'Add a product'}
      description="What you sell, the revenue it brings and the days its inventory covers; its parts and the sites that supply them give its value at risk."
    >
      <form
        noValidate
        aria-label="Product"
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
      >
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="SKU" error={errors.sku?.message}>
            <Input required autoComplete="off" {...form.register('sku')} />
          </FormField>
          <FormField label="Name" error={errors.name?.message}>
            <Input required autoComplete="off" {...form.register('name')} />
          </FormField>
          <div className="grid grid-cols-[1fr_auto] gap-2">
            <FormField
              label="Revenue"
              optional
              hint="What it brings in, in its currency"
              error={errors.revenue?.message}
            >
              <Input inputMode="decimal" {...form.register('revenue')} />
            </FormField>
            <div className="flex flex-col gap-1.5">
              <span aria-hidden="true" className="text-sm font-medium">
                Per
              </span>
              <Controller
                control={form.control}
                name="period"
                render={({ field }) => (
                  <Select
                    label="Revenue period"
                    value={field.value}
                    onValueChange={field.onChange}
                    options={PERIOD_OPTIONS}
                    className="h-10"
                  />
                )}
              />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-4">
            <FormField
              label="Currency"
              optional
              hint="The organization's when blank"
              error={errors.currency?.message}
            >
              <Input maxLength={3} autoComplete="off" {...form.register('currency')} />
            </FormField>
            <FormField
              label="Days of cover"
              hint="Inventory that keeps it selling"
              error={errors.coverDays?.message}
            >
              <Input inputMode="decimal" {...form.register('coverDays')} />
            </FormField>
          </div>
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Bill of materials</legend>
          {parts.fields.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No parts yet: add each part with the site that supplies it.
            </p>
          ) : null}
          {parts.fields.map((line, index) => {
            const lineErrors = errors.parts?.[index];
            const single = lines[index]?.singleSource ?? false;
            return (
              <div
                key={line.id}
                role="group"
                aria-label={`Part ${index + 1}`}
                className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[minmax(8rem,1fr)_minmax(12rem,1.3fr)_6rem_auto_auto] sm:items-end"
              >
                <FormField label="Part" invalid={Boolean(lineErrors?.part)}>
                  <Input autoComplete="off" {...form.register(`parts.${index}.part`)} />
                </FormField>
                <div className="flex flex-col gap-1.5">
                  <span aria-hidden="true" className="text-sm font-medium">
                    Site
                  </span>
                  <Controller
                    control={form.control}
                    name={`parts.${index}.siteId`}
                    render={({ field }) => (
                      <SitePicker
                        part={index + 1}
                        value={field.value}
                        known={known}
                        onChange={field.onChange}
                      />
                    )}
                  />
                </div>
                <FormField label="Share %" invalid={Boolean(lineErrors?.sharePercent)}>
                  <Input
                    inputMode="decimal"
                    disabled={single}
                    {...form.register(`parts.${index}.sharePercent`)}
                  />
                </FormField>
                <label className="flex h-10 items-center gap-2 text-sm whitespace-nowrap">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    {...form.register(`parts.${index}.singleSource`)}
                  />
                  Single source
                </label>
                <Button
                  variant="secondary"
                  size="sm"
                  className="h-10"
                  aria-label={`Remove part ${index + 1}`}
                  onClick={() => parts.remove(index)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
                {[
                  lineErrors?.part,
                  lineErrors?.siteId,
                  lineErrors?.sharePercent,
                  lineErrors?.singleSource,
                ].map((problem) =>
                  problem?.message ? (
                    <p key={problem.message} className="text-sm text-danger-text sm:col-span-5">
                      {problem.message}
                    </p>
                  ) : null,
                )}
              </div>
            );
          })}
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => parts.append({ ...EMPTY_PART })}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add part
          </Button>
        </fieldset>

        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="size-4" /> : null}
            {product ? 'Save changes' : 'Add product'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
