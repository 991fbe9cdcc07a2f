import { AccountingLine } from './AccountingLine';
import { Administrator } from './Administrator';
import { AdministratorRole } from './AdministratorRole';
import { BusinessCategory } from './BusinessCategory';
import { BusinessCategoryPaymentPlan } from './BusinessCategoryPaymentPlan';
import { Coach } from './Coach';
import { Role } from './Role';
import { Student } from './Student';
import { User } from './User';

/** Wires every association once, after all models are initialised. */
export function associate(): void {
  Administrator.belongsTo(User, { as: 'user', foreignKey: 'userId' });
  User.hasOne(Administrator, { as: 'administrator', foreignKey: 'userId' });
  Administrator.belongsToMany(Role, { as: 'roles', through: AdministratorRole, foreignKey: 'administratorId', otherKey: 'roleId' });
  Role.belongsToMany(Administrator, { as: 'administrators', through: AdministratorRole, foreignKey: 'roleId', otherKey: 'administratorId' });
  Student.belongsTo(User, { as: 'user', foreignKey: 'userId' });
  User.hasOne(Student, { as: 'student', foreignKey: 'userId' });
  Coach.belongsTo(User, { as: 'user', foreignKey: 'userId' });
  Coach.belongsTo(Student, { as: 'student', foreignKey: 'studentId' });
  User.hasOne(Coach, { as: 'coach', foreignKey: 'userId' });
  AccountingLine.belongsTo(BusinessCategory, { as: 'businessCategory', foreignKey: 'businessCategoryId' });
  BusinessCategory.hasMany(AccountingLine, { as: 'accountingLines', foreignKey: 'businessCategoryId' });
  BusinessCategoryPaymentPlan.belongsTo(BusinessCategory, { as: 'businessCategory', foreignKey: 'businessCategoryId' });
  BusinessCategory.hasMany(BusinessCategoryPaymentPlan, { as: 'paymentPlans', foreignKey: 'businessCategoryId' });
}
