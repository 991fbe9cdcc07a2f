/**
 * Reference lists for the demo and bulk seeders (names, places, occupations) and a small seeded
 * PRNG, so every run produces the same people.
 */
import { normalisePhone } from '../models/validation';

/** mulberry32: a tiny, fast, deterministic PRNG. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  /** true with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** A value chosen by weight: [[value, weight], ...]. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [v, w] of items) {
      r -= w;
      if (r < 0) return v;
    }
    return items[items.length - 1][0];
  }
}

/** First names by gender, from many backgrounds (English, Hispanic, African-American, Asian, European, Middle-Eastern, South-Asian). */
export const FEMALE_FIRST_NAMES = [
  'Emma', 'Olivia', 'Ava', 'Sophia', 'Isabella', 'Mia', 'Charlotte', 'Amelia', 'Harper', 'Evelyn', 'Abigail', 'Emily', 'Elizabeth', 'Sofia',
  'Avery', 'Ella', 'Scarlett', 'Grace', 'Chloe', 'Victoria', 'Riley', 'Aria', 'Lily', 'Aubrey', 'Zoey', 'Penelope', 'Hannah', 'Layla',
  'Nora', 'Camila', 'Natalie', 'Leah', 'Savannah', 'Brooklyn', 'Claire', 'Audrey', 'Lucy', 'Anna', 'Samantha', 'Caroline', 'Jennifer',
  'Jessica', 'Ashley', 'Sarah', 'Stephanie', 'Nicole', 'Rachel', 'Megan', 'Lauren', 'Rebecca', 'Laura', 'Michelle', 'Karen', 'Susan',
  'Linda', 'Patricia', 'Barbara', 'Deborah', 'Donna', 'Cynthia', 'Sandra', 'Kimberly', 'Melissa', 'Amanda', 'Heather', 'Christina',
  'María', 'Guadalupe', 'Lucía', 'Valentina', 'Ximena', 'Daniela', 'Gabriela', 'Alejandra', 'Fernanda', 'Paola', 'Carmen', 'Rosa',
  'Mariana', 'Isabel', 'Adriana', 'Elena', 'Beatriz', 'Lorena', 'Yesenia', 'Marisol', 'Esperanza', 'Catalina', 'Renata', 'Jimena',
  'Aaliyah', 'Imani', 'Keisha', 'Ebony', 'Tanisha', 'Jasmine', 'Destiny', 'Nia', 'Aisha', 'Zuri', 'Latoya', 'Shanice', 'Monique',
  'Mei', 'Yuki', 'Hana', 'Sakura', 'Ji-woo', 'Min-seo', 'Seo-yeon', 'Xiu', 'Lan', 'Linh', 'Mai', 'Thuy', 'Priya', 'Ananya', 'Aditi',
  'Kavya', 'Deepika', 'Sunita', 'Fatima', 'Leila', 'Yasmin', 'Noor', 'Amira', 'Zainab', 'Sara', 'Ingrid', 'Astrid', 'Freya', 'Greta',
  'Chiara', 'Giulia', 'Francesca', 'Siobhan', 'Niamh', 'Aoife', 'Olga', 'Natasha', 'Katarzyna', 'Agnieszka', 'Chidinma', 'Adaeze', 'Amara',
] as const;

export const MALE_FIRST_NAMES = [
  'Liam', 'Noah', 'Oliver', 'Elijah', 'James', 'William', 'Benjamin', 'Lucas', 'Henry', 'Alexander', 'Mason', 'Michael', 'Ethan',
  'Daniel', 'Jacob', 'Logan', 'Jackson', 'Levi', 'Sebastian', 'Jack', 'Owen', 'Samuel', 'Matthew', 'Joseph', 'David', 'John', 'Wyatt',
  'Luke', 'Isaac', 'Gabriel', 'Anthony', 'Dylan', 'Andrew', 'Joshua', 'Christopher', 'Ryan', 'Nathan', 'Thomas', 'Charles', 'Robert',
  'Richard', 'Kevin', 'Brian', 'Steven', 'Mark', 'Paul', 'Eric', 'Jason', 'Jeffrey', 'Scott', 'Gregory', 'Patrick', 'Timothy', 'Kenneth',
  'José', 'Juan', 'Luis', 'Carlos', 'Miguel', 'Jorge', 'Alejandro', 'Diego', 'Javier', 'Fernando', 'Ricardo', 'Eduardo', 'Santiago',
  'Mateo', 'Emiliano', 'Andrés', 'Rafael', 'Héctor', 'Raúl', 'Arturo', 'Francisco', 'Manuel', 'Pablo', 'Sergio', 'Óscar', 'Iván',
  'DeShawn', 'Malik', 'Jamal', 'Darnell', 'Terrence', 'Marcus', 'Andre', 'Tyrone', 'Jerome', 'Xavier', 'Isaiah', 'Khalil', 'Darius',
  'Wei', 'Jun', 'Hiroshi', 'Kenji', 'Takeshi', 'Min-jun', 'Ji-hoon', 'Hyun', 'Minh', 'Duc', 'Tuan', 'Arjun', 'Rohan', 'Vikram', 'Rahul',
  'Sanjay', 'Aditya', 'Omar', 'Ahmed', 'Yusuf', 'Hassan', 'Karim', 'Tariq', 'Mehmet', 'Lars', 'Erik', 'Magnus', 'Sven', 'Giovanni',
  'Marco', 'Luca', 'Matteo', 'Sean', 'Liam', 'Cian', 'Dmitri', 'Ivan', 'Piotr', 'Tomasz', 'Chinedu', 'Emeka', 'Kwame', 'Kofi', 'Tunde',
] as const;

export const NEUTRAL_FIRST_NAMES = ['Alex', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Riley', 'Jamie', 'Quinn', 'Avery', 'Skyler', 'Rowan', 'Sage', 'River', 'Emerson', 'Kai', 'Robin'] as const;

/** 300 last names from many backgrounds; each starts with a letter so prefix search behaves like real data. */
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez',
  'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark',
  'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green',
  'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz',
  'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan',
  'Cooper', 'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson', 'Watson', 'Brooks', 'Chavez', 'Wood',
  'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes', 'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross',
  'Foster', 'Jimenez', 'Powell', 'Jenkins', 'Perry', 'Russell', 'Sullivan', 'Bell', 'Coleman', 'Butler', 'Henderson', 'Barnes', 'Gonzales',
  'Fisher', 'Vasquez', 'Simmons', 'Romero', 'Jordan', 'Patterson', 'Alexander', 'Hamilton', 'Graham', 'Reynolds', 'Griffin', 'Wallace',
  'Moreno', 'West', 'Cole', 'Hayes', 'Bryant', 'Herrera', 'Gibson', 'Ellis', 'Tran', 'Medina', 'Aguilar', 'Stevens', 'Murray', 'Ford',
  'Castro', 'Marshall', 'Owens', 'Harrison', 'Fernandez', 'McDonald', 'Woods', 'Washington', 'Kennedy', 'Wells', 'Vargas', 'Henry', 'Chen',
  'Freeman', 'Webb', 'Tucker', 'Guzman', 'Burns', 'Crawford', 'Olson', 'Simpson', 'Porter', 'Hunter', 'Gordon', 'Mendez', 'Silva', 'Shaw',
  'Snyder', 'Mason', 'Dixon', 'Munoz', 'Hunt', 'Hicks', 'Holmes', 'Palmer', 'Wagner', 'Black', 'Robertson', 'Boyd', 'Rose', 'Stone',
  'Salazar', 'Fox', 'Warren', 'Mills', 'Meyer', 'Rice', 'Schmidt', 'Garza', 'Daniels', 'Ferguson', 'Nichols', 'Stephens', 'Soto', 'Weaver',
  'Ryan', 'Gardner', 'Payne', 'Grant', 'Dunn', 'Kelley', 'Spencer', 'Hawkins', 'Arnold', 'Pierce', 'Vazquez', 'Hansen', 'Peters', 'Santos',
  'Hart', 'Bradley', 'Knight', 'Elliott', 'Cunningham', 'Duncan', 'Armstrong', 'Hudson', 'Carroll', 'Lane', 'Riley', 'Andrews', 'Alvarado',
  'Ray', 'Delgado', 'Berry', 'Perkins', 'Hoffman', 'Johnston', 'Matthews', 'Pena', 'Richards', 'Contreras', 'Willis', 'Carpenter', 'Lawrence',
  'Sandoval', 'Guerrero', 'George', 'Chapman', 'Rios', 'Estrada', 'Ortega', 'Watkins', 'Greene', 'Nunez', 'Wheeler', 'Valdez', 'Harper',
  'Burke', 'Larson', 'Santiago', 'Maldonado', 'Morrison', 'Franklin', 'Carlson', 'Austin', 'Dominguez', 'Carr', 'Lawson', 'Jacobs',
  'OBrien', 'Lynch', 'Singh', 'Vega', 'Bishop', 'Montgomery', 'Oliver', 'Wang', 'Li', 'Zhang', 'Liu', 'Yang', 'Huang', 'Zhao', 'Wu',
  'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Pham', 'Le', 'Hoang', 'Vu', 'Tanaka', 'Suzuki', 'Takahashi', 'Watanabe', 'Yamamoto',
  'Nakamura', 'Kobayashi', 'Sato', 'Shah', 'Kumar', 'Sharma', 'Gupta', 'Reddy', 'Iyer', 'Khan', 'Ali', 'Hussein', 'Haddad', 'Nasser',
  'Cohen', 'Levy', 'Friedman', 'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Novak', 'Kowalski', 'Nowak', 'Ivanov', 'Petrov',
  'Okafor', 'Adeyemi', 'Mensah', 'Okonkwo', 'Mwangi', 'Dubois', 'Lefebvre', 'Moreau', 'Fischer', 'Weber', 'Becker', 'Schneider',
  'Johansson', 'Larsen', 'Nielsen', 'Jensen', 'OConnor', 'Walsh', 'Byrne', 'Doyle', 'Gallagher', 'Quinn',
] as const;

export const MIDDLE_NAMES = ['Marie', 'Ann', 'Lynn', 'Rose', 'Grace', 'Jane', 'Elizabeth', 'Louise', 'James', 'Michael', 'Lee', 'Ray', 'Allen', 'Joseph', 'Edward', 'Alejandro', 'Luis', 'Isabel', 'Sofía', 'Kai', 'Jin', 'Devi', 'Nicole', 'Thomas'] as const;

export const OCCUPATIONS = [
  'Registered Nurse', 'Personal Trainer', 'Yoga Instructor', 'Teacher', 'Nutritionist', 'Physical Therapist', 'Chiropractor', 'Pharmacist',
  'Marketing Manager', 'Software Engineer', 'Accountant', 'Office Manager', 'Sales Representative', 'Social Worker', 'Massage Therapist',
  'Dental Hygienist', 'Pilates Instructor', 'Chef', 'Stay-at-home Parent', 'Retired', 'Student', 'Small Business Owner', 'Human Resources Specialist',
  'Project Manager', 'Graphic Designer', 'Pharmaceutical Sales', 'Medical Assistant', 'Life Coach', 'Real Estate Agent', 'Paralegal',
] as const;

export const STREET_NAMES = [
  'Main', 'Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'Sunset', 'Lincoln', 'Jefferson', 'Highland',
  'Madison', 'Franklin', 'Church', 'Willow', 'River', 'Spring', 'Chestnut', 'Walnut', 'Broad', 'Center', 'Forest', 'Meadow', 'Ridge', 'Valley',
] as const;
export const STREET_KINDS = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Ln', 'Ct', 'Pl', 'Way'] as const;

/** A city: country, state/province code, a real postal code of it, phone area codes, time zone. */
export interface City {
  city: string;
  stateCode: string;
  zip: string;
  countryCode: 'US' | 'CA' | 'GB' | 'MX';
  areaCodes: string[];
  timeZone: string;
}

export const US_CITIES: City[] = [
  ['New York', 'NY', '10001', ['212', '646', '917'], 'America/New_York'],
  ['Brooklyn', 'NY', '11201', ['718', '347'], 'America/New_York'],
  ['Buffalo', 'NY', '14202', ['716'], 'America/New_York'],
  ['Los Angeles', 'CA', '90012', ['213', '323', '310'], 'America/Los_Angeles'],
  ['San Francisco', 'CA', '94103', ['415', '628'], 'America/Los_Angeles'],
  ['San Diego', 'CA', '92101', ['619', '858'], 'America/Los_Angeles'],
  ['Sacramento', 'CA', '95814', ['916'], 'America/Los_Angeles'],
  ['Chicago', 'IL', '60601', ['312', '773'], 'America/Chicago'],
  ['Houston', 'TX', '77002', ['713', '832'], 'America/Chicago'],
  ['Austin', 'TX', '78701', ['512', '737'], 'America/Chicago'],
  ['Dallas', 'TX', '75201', ['214', '469'], 'America/Chicago'],
  ['San Antonio', 'TX', '78205', ['210'], 'America/Chicago'],
  ['El Paso', 'TX', '79901', ['915'], 'America/Denver'],
  ['Phoenix', 'AZ', '85004', ['602', '480'], 'America/Phoenix'],
  ['Tucson', 'AZ', '85701', ['520'], 'America/Phoenix'],
  ['Philadelphia', 'PA', '19107', ['215', '267'], 'America/New_York'],
  ['Pittsburgh', 'PA', '15222', ['412'], 'America/New_York'],
  ['Miami', 'FL', '33130', ['305', '786'], 'America/New_York'],
  ['Orlando', 'FL', '32801', ['407'], 'America/New_York'],
  ['Tampa', 'FL', '33602', ['813'], 'America/New_York'],
  ['Atlanta', 'GA', '30303', ['404', '678'], 'America/New_York'],
  ['Boston', 'MA', '02108', ['617', '857'], 'America/New_York'],
  ['Seattle', 'WA', '98101', ['206'], 'America/Los_Angeles'],
  ['Portland', 'OR', '97204', ['503', '971'], 'America/Los_Angeles'],
  ['Denver', 'CO', '80202', ['303', '720'], 'America/Denver'],
  ['Boulder', 'CO', '80302', ['303'], 'America/Denver'],
  ['Salt Lake City', 'UT', '84111', ['801'], 'America/Denver'],
  ['Las Vegas', 'NV', '89101', ['702'], 'America/Los_Angeles'],
  ['Albuquerque', 'NM', '87102', ['505'], 'America/Denver'],
  ['Minneapolis', 'MN', '55401', ['612'], 'America/Chicago'],
  ['Detroit', 'MI', '48226', ['313'], 'America/Detroit'],
  ['Columbus', 'OH', '43215', ['614'], 'America/New_York'],
  ['Cleveland', 'OH', '44113', ['216'], 'America/New_York'],
  ['Nashville', 'TN', '37203', ['615'], 'America/Chicago'],
  ['Charlotte', 'NC', '28202', ['704', '980'], 'America/New_York'],
  ['Raleigh', 'NC', '27601', ['919'], 'America/New_York'],
  ['Washington', 'DC', '20001', ['202'], 'America/New_York'],
  ['Baltimore', 'MD', '21202', ['410', '443'], 'America/New_York'],
  ['Newark', 'NJ', '07102', ['973', '862'], 'America/New_York'],
  ['New Orleans', 'LA', '70112', ['504'], 'America/Chicago'],
  ['Kansas City', 'MO', '64106', ['816'], 'America/Chicago'],
  ['Honolulu', 'HI', '96813', ['808'], 'Pacific/Honolulu'],
  ['San Juan', 'PR', '00901', ['787', '939'], 'America/Puerto_Rico'],
].map(([city, stateCode, zip, areaCodes, timeZone]) => ({ city, stateCode, zip, areaCodes, timeZone, countryCode: 'US' }) as City);

export const FOREIGN_CITIES: City[] = [
  { city: 'Toronto', stateCode: 'ON', zip: 'M5H 2N2', countryCode: 'CA', areaCodes: ['416', '647'], timeZone: 'America/Toronto' },
  { city: 'Vancouver', stateCode: 'BC', zip: 'V6B 1A1', countryCode: 'CA', areaCodes: ['604', '778'], timeZone: 'America/Vancouver' },
  { city: 'London', stateCode: 'ENG', zip: 'SW1A 1AA', countryCode: 'GB', areaCodes: ['7911', '7700', '7400'], timeZone: 'Europe/London' },
  { city: 'Manchester', stateCode: 'ENG', zip: 'M1 1AE', countryCode: 'GB', areaCodes: ['7911', '7800'], timeZone: 'Europe/London' },
  { city: 'Ciudad de México', stateCode: 'CMX', zip: '06000', countryCode: 'MX', areaCodes: ['55'], timeZone: 'America/Mexico_City' },
  { city: 'Guadalajara', stateCode: 'JAL', zip: '44100', countryCode: 'MX', areaCodes: ['33'], timeZone: 'America/Mexico_City' },
];

export const COUNTRY_CALLING_CODE: Record<City['countryCode'], string> = { US: '1', CA: '1', GB: '44', MX: '52' };

/** Strips accents and non-letters, for email local parts. */
export function asciiWord(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z]/g, '').toLowerCase();
}

/**
 * A candidate phone number in E.164 for a city (not yet validated). US/CA use the fictional
 * 555-01xx exchange; GB and MX draw subscriber digits at random.
 */
export function candidatePhone(rng: Rng, city: City): string {
  const area = rng.pick(city.areaCodes);
  switch (city.countryCode) {
    case 'US':
    case 'CA':
      return `+1${area}55501${String(rng.int(0, 99)).padStart(2, '0')}`;
    case 'GB':
      return `+44${area}${String(rng.int(0, 999_999)).padStart(6, '0')}`;
    case 'MX':
      return `+52${area}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
  }
}

/**
 * A phone number that normalisePhone accepts (as a mobile when `mobile`), in E.164. Tries the
 * city's own format first, then random NXX-NXX-XXXX numbers on the city's area codes; bounded.
 */
export function validPhone(rng: Rng, city: City, mobile: boolean): string {
  for (let i = 0; i < 20; i++) {
    const result = normalisePhone(candidatePhone(rng, city), mobile);
    if (result.value) return result.value;
  }
  const cc = COUNTRY_CALLING_CODE[city.countryCode];
  for (let i = 0; i < 200; i++) {
    const digits = city.countryCode === 'US' || city.countryCode === 'CA'
      ? `${rng.pick(city.areaCodes)}${rng.int(2, 9)}${rng.int(0, 9)}${rng.int(0, 9)}${String(rng.int(0, 9999)).padStart(4, '0')}`
      : `${rng.pick(city.areaCodes)}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`.slice(0, city.countryCode === 'GB' ? 10 : 10);
    const result = normalisePhone(`+${cc}${digits}`, mobile);
    if (result.value) return result.value;
  }
  throw new Error(`no valid ${mobile ? 'mobile' : ''} phone found for ${city.city}`);
}

/** The student columns a seeder fills (model attribute names). */
export interface PersonFields {
  firstName: string;
  middleName: string | null;
  lastName: string;
  gender: string;
  dateOfBirth: string;
  educationLevel: string | null;
  occupation: string | null;
  militaryMember: boolean;
  street1: string;
  street2: string | null;
  city: string;
  stateCode: string;
  zip: string;
  countryCode: string;
  timeZone: string;
  languageIso2LetterCode: string;
  source: string;
  isStudent: boolean;
  active: boolean;
  autoPay: boolean;
  emailOptIn: boolean;
  smsOptIn: boolean;
  createdAt: Date;
  /** Chosen city (for phones). */
  place: City;
}

const GENDER_WEIGHTS = [['FEMALE', 68], ['MALE', 27], ['NON_BINARY', 3], ['PREFER_NOT_TO_SAY', 2]] as const;
const EDUCATION_WEIGHTS = [['HIGH_SCHOOL', 12], ['SOME_COLLEGE', 18], ['ASSOCIATE', 10], ['BACHELOR', 35], ['MASTER', 17], ['DOCTORATE', 4], ['OTHER', 4]] as const;
const SOURCE_WEIGHTS = [['WEBSITE', 40], ['SOCIAL_MEDIA', 20], ['REFERRAL', 15], ['EVENT', 8], ['PHONE', 7], ['STAFF', 4], ['MIGRATION', 4], ['OTHER', 2]] as const;
const HISPANIC_LAST = new Set(['Garcia', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Perez', 'Sanchez', 'Ramirez', 'Torres', 'Flores', 'Rivera', 'Gomez', 'Diaz', 'Cruz', 'Reyes', 'Morales', 'Gutierrez', 'Ortiz', 'Ramos', 'Chavez', 'Mendoza', 'Ruiz', 'Alvarez', 'Castillo', 'Jimenez', 'Moreno', 'Herrera', 'Medina', 'Aguilar', 'Castro', 'Vargas', 'Guzman', 'Mendez', 'Salazar', 'Garza', 'Soto', 'Vazquez', 'Alvarado', 'Delgado', 'Pena', 'Contreras', 'Sandoval', 'Guerrero', 'Rios', 'Estrada', 'Ortega', 'Nunez', 'Valdez', 'Santiago', 'Maldonado', 'Dominguez', 'Vega', 'Santos', 'Munoz']);
const DAY_MS = 86_400_000;
const DOB_FROM = Date.UTC(1960, 0, 1);
const DOB_TO = Date.UTC(2004, 11, 31);

/**
 * One person's profile drawn from `rng`. `foreignShare` of them live in CA/GB/MX; a last name may be
 * double-barrelled (`compoundShare`) so that sorting by last name sees many distinct values.
 */
export function drawPerson(rng: Rng, now: Date, opts: { foreignShare?: number; compoundShare?: number } = {}): PersonFields {
  const gender = rng.weighted(GENDER_WEIGHTS);
  const firstPool: readonly string[] = gender === 'FEMALE' ? FEMALE_FIRST_NAMES : gender === 'MALE' ? MALE_FIRST_NAMES : rng.chance(0.6) ? NEUTRAL_FIRST_NAMES : FEMALE_FIRST_NAMES;
  const base = rng.pick(LAST_NAMES);
  const lastName = rng.chance(opts.compoundShare ?? 0) ? `${base}-${rng.pick(LAST_NAMES)}` : base;
  const place = rng.chance(opts.foreignShare ?? 0) ? rng.pick(FOREIGN_CITIES) : rng.pick(US_CITIES);
  const spanish = place.countryCode === 'MX' || place.stateCode === 'PR' ? rng.chance(0.8) : HISPANIC_LAST.has(base) ? rng.chance(0.35) : rng.chance(0.04);
  const dob = new Date(DOB_FROM + Math.floor(rng.next() * ((DOB_TO - DOB_FROM) / DAY_MS)) * DAY_MS);
  const houseNo = rng.int(1, 9899);
  const createdAt = new Date(now.getTime() - Math.floor(rng.next() * 730 * DAY_MS));
  createdAt.setUTCMilliseconds(0);
  return {
    firstName: rng.pick(firstPool),
    middleName: rng.chance(0.25) ? rng.pick(MIDDLE_NAMES) : null,
    lastName,
    gender,
    dateOfBirth: dob.toISOString().slice(0, 10),
    educationLevel: rng.chance(0.9) ? rng.weighted(EDUCATION_WEIGHTS) : null,
    occupation: rng.chance(0.85) ? rng.pick(OCCUPATIONS) : null,
    militaryMember: rng.chance(0.03),
    street1: place.countryCode === 'MX' ? `Calle ${rng.pick(STREET_NAMES)} ${houseNo}` : `${houseNo} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_KINDS)}`,
    street2: rng.chance(0.15) ? `Apt ${rng.int(1, 40)}${rng.pick(['A', 'B', 'C', 'D'])}` : null,
    city: place.city,
    stateCode: place.stateCode,
    zip: place.zip,
    countryCode: place.countryCode,
    timeZone: place.timeZone,
    languageIso2LetterCode: spanish ? 'ES' : 'EN',
    source: rng.weighted(SOURCE_WEIGHTS),
    isStudent: !rng.chance(0.15),
    active: !rng.chance(0.04),
    autoPay: rng.chance(0.3),
    emailOptIn: rng.chance(0.9),
    smsOptIn: rng.chance(0.7),
    createdAt,
    place,
  };
}

const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net'] as const;
/** A unique, lower-case email for person number `n` (the number keeps it unique). */
export function emailFor(rng: Rng, p: Pick<PersonFields, 'firstName' | 'lastName'>, n: number): string {
  return `${asciiWord(p.firstName)}.${asciiWord(p.lastName)}${n}@${rng.pick(EMAIL_DOMAINS)}`;
}
