import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Issue 20, files (platform spec §7 "File export and files"; domain rules "Exports and files"):
 * `stored_files`, one row per object in storage (api/integrations/storage.ts) — an upload (a student's
 * document, a program's or cohort's image, a coach's photo) or an export's CSV. `file_name` is the
 * generated storage key the calls name (`GET /files/download?fileName=`); the name the user gave, the
 * type sniffed from the content and the size are kept beside it. `student_id` is set on a student's own
 * documents (a student reads only those); `owner_user_id` is who uploaded or asked for it.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('stored_files', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    file_name: { type: DataTypes.STRING(500), allowNull: false },
    original_name: { type: DataTypes.STRING(255), allowNull: false },
    content_type: { type: DataTypes.STRING(100), allowNull: false },
    size: { type: DataTypes.BIGINT, allowNull: false },
    purpose: { type: DataTypes.STRING(20), allowNull: false },
    owner_user_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'users', key: 'id' }, onDelete: 'SET NULL' },
    student_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'students', key: 'id' }, onDelete: 'SET NULL' },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('stored_files', ['file_name'], { name: 'stored_files_file_name', unique: true });
  await qi.addIndex('stored_files', ['student_id', 'created_at'], { name: 'stored_files_student_created' });
  await qi.addIndex('stored_files', ['owner_user_id', 'created_at'], { name: 'stored_files_owner_created' });
  await qi.addIndex('stored_files', ['purpose', 'created_at'], { name: 'stored_files_purpose_created' });
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.dropTable('stored_files');
}
