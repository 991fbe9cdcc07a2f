import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

const pk = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false };
const str = (n: number, allowNull = true) => ({ type: DataTypes.STRING(n), allowNull });
const bool = (defaultValue: boolean) => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue });
const ts = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const audit = { updated_by_id: { type: DataTypes.INTEGER, allowNull: true }, updated_by_name: str(200) };
const stamps = { created_at: ts(), updated_at: ts() };

/** People, access and the tables every area leans on. */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('users', {
    id: pk,
    email: str(254, false),
    password_hash: str(100),
    kind: str(20, false),
    active: bool(true),
    email_verified_at: ts(true),
    failed_login_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    first_failed_login_at: ts(true),
    locked_until: ts(true),
    last_login_at: ts(true),
    last_activity_at: ts(true),
    tokens_valid_after: ts(true),
    ...audit,
    ...stamps,
  });
  await qi.addIndex('users', ['email'], { unique: true, name: 'users_email_unique' });
  await qi.addIndex('users', ['kind', 'last_activity_at'], { name: 'users_kind_activity' });

  await qi.createTable('roles', {
    id: pk,
    name: str(50, false),
    description: str(255),
    permissions: { type: DataTypes.TEXT, allowNull: false },
    system: bool(false),
    ...audit,
    ...stamps,
  });
  await qi.addIndex('roles', ['name'], { unique: true, name: 'roles_name_unique' });

  await qi.createTable('administrators', {
    id: pk,
    user_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'users', key: 'id' } },
    email: str(254, false),
    first_name: str(100, false),
    last_name: str(100, false),
    ...audit,
    ...stamps,
    deleted_at: ts(true),
  });
  await qi.addIndex('administrators', ['user_id'], { unique: true, name: 'administrators_user_unique' });
  for (const col of ['email', 'first_name', 'last_name', 'created_at', 'updated_at']) {
    await qi.addIndex('administrators', ['deleted_at', col], { name: `administrators_${col}` });
  }

  await qi.createTable('administrator_roles', {
    administrator_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'administrators', key: 'id' }, onDelete: 'CASCADE' },
    role_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'roles', key: 'id' } },
  });
  await qi.addIndex('administrator_roles', ['role_id'], { name: 'administrator_roles_role' });

  await qi.createTable('students', {
    id: pk,
    user_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'users', key: 'id' } },
    email: str(254, false),
    is_student: bool(true),
    active: bool(true),
    first_name: str(100, false),
    middle_name: str(100),
    last_name: str(100, false),
    title: str(20),
    suffix: str(20),
    gender: str(20),
    date_of_birth: { type: DataTypes.DATEONLY, allowNull: true },
    education_level: str(30),
    occupation: str(100),
    military_member: bool(false),
    mobile_phone: str(40),
    home_phone: str(40),
    work_phone: str(40),
    street1: str(200),
    street2: str(200),
    city: str(100),
    state_code: str(10),
    zip: str(20),
    country_code: str(2),
    language_iso2_letter_code: { type: DataTypes.STRING(2), allowNull: false, defaultValue: 'EN' },
    auto_pay: bool(false),
    time_zone: str(60),
    source: str(30),
    salesforce_lead_id: str(40),
    d2l_user_id: str(40),
    edlumina_id: str(40),
    photo: str(500),
    email_opt_in: bool(true),
    sms_opt_in: bool(true),
    merged_into_id: { type: DataTypes.INTEGER, allowNull: true },
    archived: bool(false),
    archived_at: ts(true),
    ...audit,
    ...stamps,
  });
  await qi.addIndex('students', ['user_id'], { unique: true, name: 'students_user_unique' });
  // Sortable columns: one index for the students list (is_student) and one for the customers list.
  for (const col of ['last_name', 'first_name', 'email', 'created_at', 'updated_at']) {
    await qi.addIndex('students', ['archived', 'is_student', col], { name: `students_list_${col}` });
    await qi.addIndex('students', ['archived', col], { name: `customers_list_${col}` });
  }
  // Location is the usual first filter of the students list: answer it (and its count) from an index.
  await qi.addIndex('students', ['archived', 'is_student', 'state_code', 'gender'], { name: 'students_list_state_gender' });
  // Filter columns.
  for (const cols of [
    ['active'],
    ['country_code', 'state_code', 'city'],
    ['zip'],
    ['date_of_birth'],
    ['gender'],
    ['language_iso2_letter_code'],
    ['source'],
    ['mobile_phone'],
    ['education_level'],
    ['military_member'],
    ['auto_pay'],
    ['updated_by_id'],
    ['merged_into_id'],
  ]) {
    await qi.addIndex('students', cols, { name: `students_${cols.join('_')}` });
  }

  await qi.createTable('coaches', {
    id: pk,
    user_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'users', key: 'id' } },
    student_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'students', key: 'id' } },
    intro: { type: DataTypes.TEXT, allowNull: true },
    coach_web_conference_url: str(500),
    ...audit,
    ...stamps,
  });
  await qi.addIndex('coaches', ['user_id'], { unique: true, name: 'coaches_user_unique' });
  await qi.addIndex('coaches', ['student_id'], { name: 'coaches_student' });

  await qi.createTable('refresh_tokens', {
    id: pk,
    user_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'users', key: 'id' } },
    family_id: str(36, false),
    token_hash: str(64, false),
    expires_at: ts(),
    used_at: ts(true),
    revoked_at: ts(true),
    ip: str(64),
    user_agent: str(255),
    created_at: ts(),
  });
  await qi.addIndex('refresh_tokens', ['token_hash'], { unique: true, name: 'refresh_tokens_hash_unique' });
  await qi.addIndex('refresh_tokens', ['user_id', 'revoked_at'], { name: 'refresh_tokens_user' });
  await qi.addIndex('refresh_tokens', ['family_id'], { name: 'refresh_tokens_family' });

  await qi.createTable('password_tokens', {
    id: pk,
    user_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'users', key: 'id' } },
    purpose: str(10, false),
    token_hash: str(64, false),
    expires_at: ts(),
    used_at: ts(true),
    created_at: ts(),
  });
  await qi.addIndex('password_tokens', ['token_hash'], { unique: true, name: 'password_tokens_hash_unique' });
  await qi.addIndex('password_tokens', ['user_id'], { name: 'password_tokens_user' });

  await qi.createTable('verification_codes', {
    id: pk,
    email: str(254, false),
    code_hash: str(64, false),
    payload: { type: DataTypes.TEXT, allowNull: false },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    expires_at: ts(),
    used_at: ts(true),
    created_at: ts(),
  });
  await qi.addIndex('verification_codes', ['email', 'created_at'], { name: 'verification_codes_email' });

  await qi.createTable('activity_logs', {
    id: pk,
    entity_type: str(40, false),
    entity_id: { type: DataTypes.INTEGER, allowNull: false },
    student_id: { type: DataTypes.INTEGER, allowNull: true },
    category: str(30, false),
    type: str(30, false),
    description: str(500),
    changes: { type: DataTypes.TEXT, allowNull: false },
    actor_user_id: { type: DataTypes.INTEGER, allowNull: true },
    actor_name: str(200),
    created_at: ts(),
  });
  await qi.addIndex('activity_logs', ['student_id', 'created_at'], { name: 'activity_logs_student' });
  await qi.addIndex('activity_logs', ['entity_type', 'entity_id', 'created_at'], { name: 'activity_logs_entity' });

  await qi.createTable('search_filters', {
    id: pk,
    owner_user_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'users', key: 'id' } },
    kind: str(30, false),
    name: str(100, false),
    criteria: { type: DataTypes.TEXT, allowNull: false },
    ...audit,
    ...stamps,
  });
  await qi.addIndex('search_filters', ['owner_user_id', 'kind', 'name'], { unique: true, name: 'search_filters_owner_kind_name' });

  await qi.createTable('user_view_histories', {
    id: pk,
    user_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'users', key: 'id' } },
    entity_type: str(40, false),
    entity_id: { type: DataTypes.INTEGER, allowNull: false },
    label: str(200),
    viewed_at: ts(),
  });
  await qi.addIndex('user_view_histories', ['user_id', 'entity_type', 'viewed_at'], { name: 'user_view_histories_user' });
  await qi.addIndex('user_view_histories', ['user_id', 'entity_type', 'entity_id'], { unique: true, name: 'user_view_histories_entity_unique' });

  await qi.createTable('lookups', {
    id: pk,
    type: str(40, false),
    value: str(60, false),
    label: str(120),
    display_order: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  });
  await qi.addIndex('lookups', ['type', 'value'], { unique: true, name: 'lookups_type_value' });

  await qi.createTable('business_categories', {
    id: pk,
    name: str(40, false),
    description: str(255),
    d2l_user_type_code: str(40),
    d2l_user_type_display_name: str(100),
    d2l_user_type_identifier: str(40),
    ...audit,
    ...stamps,
  });
  await qi.addIndex('business_categories', ['name'], { unique: true, name: 'business_categories_name_unique' });

  await qi.createTable('outbox_messages', {
    id: pk,
    to_address: str(254, false),
    subject: str(255, false),
    text_body: { type: DataTypes.TEXT, allowNull: false },
    html_body: { type: DataTypes.TEXT, allowNull: true },
    template_key: str(60),
    status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'PENDING' },
    error: str(500),
    sent_at: ts(true),
    created_at: ts(),
  });
  await qi.addIndex('outbox_messages', ['to_address', 'created_at'], { name: 'outbox_messages_to' });
  await qi.addIndex('outbox_messages', ['status', 'created_at'], { name: 'outbox_messages_status' });
}

export async function down({ context: qi }: Ctx): Promise<void> {
  for (const table of [
    'outbox_messages',
    'business_categories',
    'lookups',
    'user_view_histories',
    'search_filters',
    'activity_logs',
    'verification_codes',
    'password_tokens',
    'refresh_tokens',
    'coaches',
    'students',
    'administrator_roles',
    'administrators',
    'roles',
    'users',
  ]) {
    await qi.dropTable(table);
  }
}
