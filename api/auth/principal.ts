import { Administrator, Coach, Role, Student, User } from '../../models';
import { expandPermissions } from '../../models/permissions';
import type { Principal } from '../common/context';

/** The caller a token will speak for: account kind, own record ids, display name, permissions. */
export async function loadPrincipal(userId: number): Promise<Principal | null> {
  const user = await User.findByPk(userId, { raw: true });
  if (!user) return null;
  if (user.kind === 'ADMIN') {
    const admin = await Administrator.findOne({ where: { userId }, include: [{ model: Role, as: 'roles', through: { attributes: [] } }] });
    if (!admin) return null;
    const granted = (admin.roles ?? []).flatMap((r) => r.permissions);
    return {
      userId,
      kind: 'ADMIN',
      administratorId: admin.id,
      name: `${admin.firstName} ${admin.lastName}`.trim(),
      permissions: granted.includes('*') ? ['*'] : expandPermissions(granted),
    };
  }
  const student = await Student.findOne({ where: { userId }, raw: true });
  const coach = user.kind === 'COACH' ? await Coach.findOne({ where: { userId }, raw: true }) : null;
  return {
    userId,
    kind: user.kind === 'COACH' ? 'COACH' : 'STUDENT',
    studentId: student?.id ?? coach?.studentId,
    coachId: coach?.id,
    name: student ? `${student.firstName} ${student.lastName}`.trim() : user.email,
    permissions: [],
  };
}
