import { useMemo } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  NullableBooleanInput,
  ReferenceArrayInput,
  SelectArrayInput,
  TextInput,
  useCanAccess,
  useGetList,
  useGetMany,
  useListContext,
  useTranslate,
  type TranslateFunction,
} from 'react-admin';
import { DateInput } from '../../common/dates';
import type { FilterDescriptors } from '../../common/FilterChips';
import { useEnumChoices, type EnumName } from '../../common/enums';
import { FilterAside, useLookupChoices } from '../../common/ListFilters';
import { studentName } from '../../common/applicationRecord';
import { studentOptionText, studentSearch } from '../../common/studentNames';
// Shared with other resources (admin/src/common).
export { studentOptionText, studentSearch };

/**
 * The applications filter of back-office spec §3 (the contract's find_by_criteria body): cohort,
 * product, program, applied-on and payment-due ranges, migrated, auto-pay, location (country,
 * state, city, zip), students, statuses, updated by and when, payment plan status, payment status,
 * business category, source. How each criterion reads as a chip and its input in the aside.
 */

const label = (key: string) => `resources.enrollments.filters.${key}`;

/** The payment status of an application is its financial status (api/applications/applications.schemas.ts). */
export const PAYMENT_STATUS_ENUM: EnumName = 'FinancialStatus';
/**
 * The statuses of the student payment plan issued on enrollment. The API takes them as they are
 * stored: issuing sets ACTIVE; concluding and cancelling a plan come with billing.
 */
export const PAYMENT_PLAN_STATUSES = ['ACTIVE', 'CONCLUDED', 'CANCELLED'] as const;
const planStatusLabel = (translate: TranslateFunction, status: string) => translate(`resources.enrollments.plan.plan_statuses.${status}`, { _: status });

type Labels = Record<string, string>;

/** 'US, FL, Miami, 33131' — the location criterion as one chip. */
export function locationText(value: unknown, countries: Labels = {}, states: Labels = {}): string {
  const v = (value ?? {}) as Record<string, unknown>;
  const country = typeof v.countryCode === 'string' ? (countries[v.countryCode] ?? v.countryCode) : '';
  const state = typeof v.stateCode === 'string' ? (states[v.stateCode] ?? v.stateCode) : '';
  return [country, state, v.city, v.zip].filter((part) => typeof part === 'string' && part.trim() !== '').join(', ');
}

export function applicationFilterDescriptors(
  labels: {
    cohorts?: Labels;
    products?: Labels;
    programs?: Labels;
    categories?: Labels;
    students?: Labels;
    admins?: Labels;
    countries?: Labels;
    states?: Labels;
    planStatuses?: Labels;
  } = {},
): FilterDescriptors {
  return {
    statuses: { label: label('statuses'), kind: 'enum', enumName: 'ApplicationStatus' },
    productIds: { label: label('productIds'), kind: 'lookup', labels: labels.products ?? {} },
    programIds: { label: label('programIds'), kind: 'lookup', labels: labels.programs ?? {} },
    cohortIds: { label: label('cohortIds'), kind: 'lookup', labels: labels.cohorts ?? {} },
    studentIds: { label: label('studentIds'), kind: 'lookup', labels: labels.students ?? {} },
    appliedOn: { label: label('appliedOn'), kind: 'dateRange' },
    paymentDueDate: { label: label('paymentDueDate'), kind: 'dateRange' },
    migrated: { label: label('migrated'), kind: 'boolean' },
    autoPay: { label: label('autoPay'), kind: 'boolean' },
    locations: { label: label('locations'), kind: 'text', format: (value) => locationText(value, labels.countries, labels.states) },
    paymentPlanStatuses: { label: label('paymentPlanStatuses'), kind: 'lookup', labels: labels.planStatuses ?? {} },
    paymentStatuses: { label: label('paymentStatuses'), kind: 'enum', enumName: PAYMENT_STATUS_ENUM },
    businessCategoryIds: { label: label('businessCategoryIds'), kind: 'lookup', labels: labels.categories ?? {} },
    sources: { label: label('sources'), kind: 'enum', enumName: 'ApplicationSource' },
    updatedByIds: { label: label('updatedByIds'), kind: 'lookup', labels: labels.admins ?? {} },
    updatedAt: { label: label('updatedAt'), kind: 'dateRange' },
  };
}

const byId = (choices: Array<{ id: unknown; name: string }>): Labels => Object.fromEntries(choices.map((c) => [String(c.id), c.name]));
const many = { pagination: { page: 1, perPage: 1000 } };
const stale = { staleTime: 60_000 };

function categoryName(translate: TranslateFunction, name: unknown) {
  return translate(`enums.BusinessCategoryName.${String(name)}`, { _: String(name) });
}

/**
 * The choices of the id criteria (products, programs, cohorts, business categories, administrators)
 * and the names of the chosen students, as inputs' choices and as chip labels.
 */
export function useApplicationFilterChoices() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const { data: products = [] } = useGetList('products', { ...many, sort: { field: 'name', order: 'ASC' } }, stale);
  const { data: programs = [] } = useGetList('programs', { ...many, sort: { field: 'name', order: 'ASC' } }, stale);
  const { data: cohorts = [] } = useGetList('cohorts', { ...many, sort: { field: 'id', order: 'DESC' } }, stale);
  const { data: categories = [] } = useGetList('business-categories', { pagination: { page: 1, perPage: 20 }, sort: { field: 'name', order: 'ASC' } }, { staleTime: Infinity });
  // Only staff who may read administrators can pick them (the others get no "updated by" choices).
  const { canAccess: canReadAdmins = false } = useCanAccess({ resource: 'admins', action: 'list' });
  const { data: admins = [] } = useGetList('admins', { ...many, sort: { field: 'id', order: 'ASC' } }, { ...stale, enabled: canReadAdmins });
  const studentIds = Array.isArray(filterValues?.studentIds) ? (filterValues.studentIds as Array<string | number>) : [];
  const { data: students = [] } = useGetMany('students', { ids: studentIds }, { enabled: studentIds.length > 0 });
  const countries = useLookupChoices('COUNTRY');
  const states = useLookupChoices('US_STATE');
  return useMemo(() => {
    const productChoices = products.map((p) => ({ id: p.id, name: String(p.name) }));
    const programChoices = programs.map((p) => ({ id: p.id, name: String(p.name) }));
    const cohortChoices = cohorts.map((c) => ({ id: c.id, name: String(c.label ?? c.id) }));
    const categoryChoices = categories.map((c) => ({ id: c.id, name: categoryName(translate, c.name) }));
    const planStatusChoices = PAYMENT_PLAN_STATUSES.map((id) => ({ id, name: planStatusLabel(translate, id) }));
    // Records carry `updatedBy.id`, the acting user's id: administrators are chosen by their user id.
    const adminChoices = admins.map((a) => ({ id: a.userId ?? a.id, name: `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim() || String(a.email ?? a.id) }));
    const studentLabels = Object.fromEntries(
      students.map((s) => [String(s.id), studentName({ id: s.id, email: s.user?.email, firstName: s.personalInfo?.firstName, lastName: s.personalInfo?.lastName })]),
    );
    return {
      productChoices,
      programChoices,
      cohortChoices,
      categoryChoices,
      adminChoices,
      planStatusChoices,
      countries,
      states,
      descriptors: applicationFilterDescriptors({
        planStatuses: byId(planStatusChoices),
        products: byId(productChoices),
        programs: byId(programChoices),
        cohorts: byId(cohortChoices),
        categories: byId(categoryChoices),
        admins: byId(adminChoices),
        students: studentLabels,
        countries: byId(countries),
        states: byId(states),
      }),
    };
  }, [products, programs, cohorts, categories, admins, students, countries, states, translate]);
}

const inputProps = { helperText: false as const, size: 'small' as const, margin: 'dense' as const };

/** The filter panel of the applications list. */
export function ApplicationFilterAside() {
  const statuses = useEnumChoices('ApplicationStatus');
  const sources = useEnumChoices('ApplicationSource');
  const paymentStatuses = useEnumChoices(PAYMENT_STATUS_ENUM);
  const { productChoices, programChoices, cohortChoices, categoryChoices, adminChoices, planStatusChoices, countries, states } = useApplicationFilterChoices();
  return (
    <FilterAside title={label('title')}>
      <SelectArrayInput source="statuses" label={label('statuses')} choices={statuses} {...inputProps} />
      <AutocompleteArrayInput source="productIds" label={label('productIds')} choices={productChoices} {...inputProps} />
      <AutocompleteArrayInput source="programIds" label={label('programIds')} choices={programChoices} {...inputProps} />
      <AutocompleteArrayInput source="cohortIds" label={label('cohortIds')} choices={cohortChoices} {...inputProps} />
      <ReferenceArrayInput source="studentIds" reference="students" perPage={20} sort={{ field: 'id', order: 'ASC' }}>
        <AutocompleteArrayInput label={label('studentIds')} optionText={studentOptionText} filterToQuery={studentSearch} {...inputProps} />
      </ReferenceArrayInput>
      <DateInput source="appliedOn.from" label={label('appliedOnFrom')} {...inputProps} />
      <DateInput source="appliedOn.to" label={label('appliedOnTo')} {...inputProps} />
      <DateInput source="paymentDueDate.from" label={label('paymentDueDateFrom')} {...inputProps} />
      <DateInput source="paymentDueDate.to" label={label('paymentDueDateTo')} {...inputProps} />
      <NullableBooleanInput source="migrated" label={label('migrated')} {...inputProps} />
      <NullableBooleanInput source="autoPay" label={label('autoPay')} {...inputProps} />
      <AutocompleteInput source="locations.countryCode" label={label('countryCode')} choices={countries} {...inputProps} />
      <AutocompleteInput source="locations.stateCode" label={label('stateCode')} choices={states} {...inputProps} />
      <TextInput source="locations.city" label={label('city')} resettable {...inputProps} />
      <TextInput source="locations.zip" label={label('zip')} resettable {...inputProps} />
      <SelectArrayInput source="paymentPlanStatuses" label={label('paymentPlanStatuses')} choices={planStatusChoices} {...inputProps} />
      <SelectArrayInput source="paymentStatuses" label={label('paymentStatuses')} choices={paymentStatuses} {...inputProps} />
      <SelectArrayInput source="businessCategoryIds" label={label('businessCategoryIds')} choices={categoryChoices} {...inputProps} />
      <SelectArrayInput source="sources" label={label('sources')} choices={sources} {...inputProps} />
      <AutocompleteArrayInput source="updatedByIds" label={label('updatedByIds')} choices={adminChoices} {...inputProps} />
      <DateInput source="updatedAt.from" label={label('updatedAtFrom')} {...inputProps} />
      <DateInput source="updatedAt.to" label={label('updatedAtTo')} {...inputProps} />
    </FilterAside>
  );
}
