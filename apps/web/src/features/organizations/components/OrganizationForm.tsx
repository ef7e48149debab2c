import { PermissionNote } from '@/components/PermissionNote';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import type { ReadOrganization } from '@/lib/readers';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ORGANIZATION_STATUSES,
  OrganizationInput,
  type OrganizationStatus,
  type OrganizationValues,
} from '@meridian/contracts';
import type { ComponentProps } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import * as API_MESSAGES from '@meridian/contracts/messages';

type TextField = Exclude<keyof OrganizationInput, 'id' | 'status'>;

const TEXT_FIELDS: {
  name: TextField;
  label: string;
  optional?: boolean;
  hint?: string;
  input?: ComponentProps<'input'>;
}[] = [
  { name: 'name', label: 'Name', input: { autoComplete: 'organization' } },
  {
    name: 'slug',
    label: 'Slug',
    hint: 'Lowercase letters, numbers and dashes, e.g. acme-logistics',
  },
  { name: 'domain', label: 'Domain', optional: true, input: { placeholder: 'acme.com' } },
  { name: 'address_line1', label: 'Address line 1', optional: true },
  { name: 'city', label: 'City', optional: true },
  { name: 'state', label: 'State', optional: true },
  { name: 'zip_code', label: 'ZIP code', optional: true },
  { name: 'country', label: 'Country', optional: true },
  { name: 'phone_number', label: 'Phone number', optional: true, input: { type: 'tel' } },
  {
    name: 'website',
    label: 'Website',
    optional: true,
    input: { type: 'url', placeholder: 'https://acme.com' },
  },
];

const STATUS_OPTIONS = ORGANIZATION_STATUSES.map((status) => ({ value: status, label: status }));
const isStatus = (value: string): value is OrganizationStatus =>
  (ORGANIZATION_STATUSES as readonly string[]).includes(value);

/** An organization as form values: every blank field is an empty string. */
function toFormValues(organization?: ReadOrganization): OrganizationInput {
  return {
    name: organization?.name ?? '',
    slug: organization?.slug ?? '',
    status: organization?.status ?? 'ACTIVE',
    domain: organization?.domain ?? '',
    address_line1: organization?.address_line1 ?? '',
    city: organization?.city ?? '',
    state: organization?.state ?? '',
    zip_code: organization?.zip_code ?? '',
    country: organization?.country ?? '',
    phone_number: organization?.phone_number ?? '',
    website: organization?.website ?? '',
  };
}

type OrganizationFormProps = {
  organization?: ReadOrganization;
  submitLabel: string;
  isPending: boolean;
  /** The server's message (or the fallback) of a failed save. */
  error: string | null;
  onSubmit: (values: OrganizationValues) => void;
};

/**
 * The create and edit form, validated by the contract's schema (the server's own rules and the
 * spec's messages). A field's error clears as soon as it is edited; submitting is blocked while
 * any error is shown.
 */
export function OrganizationForm({
  organization,
  submitLabel,
  isPending,
  error,
  onSubmit,
}: OrganizationFormProps) {
  const form = useForm<OrganizationInput, unknown, OrganizationValues>({
    resolver: zodResolver(OrganizationInput),
    defaultValues: toFormValues(organization),
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const hasErrors = Object.keys(errors).length > 0;
  // The operator's own organization stays active under its slug (the server refuses too).
  const fixed = organization?.isInternal === true;

  return (
    <Card className="p-5 sm:p-6">
      <form
        noValidate
        aria-label="Organization"
        onSubmit={form.handleSubmit(onSubmit)}
        className="flex flex-col gap-5"
      >
        {error ? <Alert tone="error">{error}</Alert> : null}
        {fixed ? <PermissionNote>{API_MESSAGES.organization.internalFixed}</PermissionNote> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {TEXT_FIELDS.map((field) => (
            <FormField
              key={field.name}
              label={field.label}
              optional={field.optional}
              hint={field.hint}
              error={errors[field.name]?.message}
            >
              <Input
                {...field.input}
                readOnly={fixed && field.name === 'slug'}
                required={!field.optional}
                {...form.register(field.name, {
                  onChange: () => form.clearErrors(field.name),
                })}
              />
            </FormField>
          ))}
          <div className="flex flex-col gap-1.5">
            <span aria-hidden="true" className="text-sm font-medium">
              Status
            </span>
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <Select
                  label="Status"
                  value={field.value}
                  onValueChange={(value) => {
                    if (isStatus(value)) field.onChange(value);
                  }}
                  options={STATUS_OPTIONS}
                  disabled={fixed}
                  className="h-10 w-full"
                />
              )}
            />
          </div>
        </div>
        <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-5">
          <Link to={paths.admin.organizations.getHref()} className={buttonClasses('secondary')}>
            Cancel
          </Link>
          <Button type="submit" disabled={isPending || hasErrors}>
            {isPending ? <Spinner className="size-4" /> : null}
            {submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
