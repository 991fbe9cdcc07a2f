import { DataTypes, type ModelAttributes } from 'sequelize';

/** Columns every editable record carries: who changed it last (id and display name). */
export const auditAttributes = {
  updatedById: { type: DataTypes.INTEGER, allowNull: true },
  updatedByName: { type: DataTypes.STRING(200), allowNull: true },
} satisfies ModelAttributes;

/** A TEXT column holding JSON, portable across SQLite and MariaDB. */
export function jsonText(field: string, fallback: unknown) {
  return {
    type: DataTypes.TEXT,
    allowNull: false,
    defaultValue: JSON.stringify(fallback),
    get(this: { getDataValue(k: string): unknown }) {
      const raw = this.getDataValue(field);
      if (raw === null || raw === undefined) return fallback;
      return typeof raw === 'string' ? JSON.parse(raw) : raw;
    },
    set(this: { setDataValue(k: string, v: unknown): void }, value: unknown) {
      this.setDataValue(field, JSON.stringify(value ?? fallback));
    },
  };
}

export const commonOptions = { underscored: true, timestamps: true } as const;
