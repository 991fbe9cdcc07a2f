import { useLocation, useNavigate } from 'react-router-dom';
import { ENROLLMENTS, studentHash } from '../../common/applicationRecord';

/**
 * Opens the student drawer over the enrollments list (`/enrollments#student=42`), which closes the
 * application drawer: only one of the two is open at a time (back-office spec §2, §4). The list's
 * own query is kept; the hash leaves react-admin's list parameters alone.
 */
export function useOpenStudentDrawer() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (studentId: number) => navigate({ pathname: `/${ENROLLMENTS}`, search, hash: studentHash(studentId) });
}
