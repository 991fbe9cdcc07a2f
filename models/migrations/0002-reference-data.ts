import type { QueryInterface } from 'sequelize';
import { getCountries } from 'libphonenumber-js/max';
import { AdjustmentCategory, ApplicationSource, BusinessCategoryName, EducationLevel, Gender, Language, ManualPaymentMethod, TimeOfDay } from '../enums';
import { SeededRoles } from '../permissions';

type Ctx = { context: QueryInterface };

const words = (v: string) => v.charAt(0) + v.slice(1).toLowerCase().replace(/_/g, ' ');

export const US_STATES: Array<[string, string]> = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

const BUSINESS_CATEGORY_DESCRIPTIONS: Record<string, string> = {
  ADVANCED: 'Advanced certifications for graduated coaches',
  SPECIALTY: 'Specialty courses',
  HCTP: 'Health Coach Training Program',
  HCTP_ALUMNI: 'Courses for Health Coach Training Program alumni',
  SAMPLE_CLASS: 'Free sample classes',
  POST_GRAD_MATERIALS: 'Post-graduation materials',
  CIP: 'Coaching intensive practicum',
  COURSE_MIGRATION: 'Courses migrated from the previous platform',
  CHOPRA_MASTERY: 'Chopra mastery programs',
  CHOPRA_ENRICHMENT_FOUNDATION: 'Chopra enrichment and foundation programs',
  SELLING_GUIDES: 'Selling guides',
};

/** The spec's reference data: seeded roles, the 11 business categories and the lookups. */
export async function up({ context: qi }: Ctx): Promise<void> {
  const now = new Date();
  await qi.bulkInsert(
    'roles',
    SeededRoles.map((r) => ({
      name: r.name,
      description: r.description,
      permissions: JSON.stringify(r.permissions),
      system: true,
      created_at: now,
      updated_at: now,
    })),
  );
  await qi.bulkInsert(
    'business_categories',
    BusinessCategoryName.map((name) => ({
      name,
      description: BUSINESS_CATEGORY_DESCRIPTIONS[name],
      created_at: now,
      updated_at: now,
    })),
  );

  const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countries = getCountries()
    .map((code) => [code, countryNames.of(code) ?? code] as [string, string])
    .sort((a, b) => a[1].localeCompare(b[1]));
  const rows: Array<{ type: string; value: string; label: string; display_order: number }> = [];
  const add = (type: string, items: Array<[string, string]>) => items.forEach(([value, label], i) => rows.push({ type, value, label, display_order: i }));
  const fromEnum = (values: readonly string[]) => values.map((v) => [v, words(v)] as [string, string]);
  add('GENDER', [
    ['MALE', 'Male'],
    ['FEMALE', 'Female'],
    ['NON_BINARY', 'Non-binary'],
    ['PREFER_NOT_TO_SAY', 'Prefer not to say'],
  ]);
  void Gender;
  add('EDUCATION_LEVEL', fromEnum(EducationLevel));
  add(
    'LANGUAGE',
    Language.map((l) => [l, l === 'EN' ? 'English' : 'Spanish'] as [string, string]),
  );
  add('APPLICATION_SOURCE', fromEnum(ApplicationSource));
  add('BUSINESS_CATEGORY', fromEnum(BusinessCategoryName));
  add('COUNTRY', countries);
  add('US_STATE', US_STATES);
  add('TIME_OF_DAY', [
    ['EARLY_MORNING', 'Early Morning 00:00-04:59'],
    ['MORNING', 'Morning 05:00-11:59'],
    ['AFTERNOON', 'Afternoon 12:00-17:59'],
    ['EVENING', 'Evening 18:00-23:59'],
  ]);
  void TimeOfDay;
  add('MANUAL_PAYMENT_METHOD', fromEnum(ManualPaymentMethod));
  add('ADJUSTMENT_CATEGORY', fromEnum(AdjustmentCategory));
  await qi.bulkInsert('lookups', rows);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.bulkDelete('lookups', {});
  await qi.bulkDelete('business_categories', {});
  await qi.bulkDelete('roles', {});
}
