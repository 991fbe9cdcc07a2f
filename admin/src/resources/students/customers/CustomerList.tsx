import { StudentList } from '../StudentList';

/**
 * /customers: every learner account (GET /api/customers, POST /api/customers/find_by_criteria), with
 * the students list's search, criteria (plus "student or not") and chips. The API has no saved-filter
 * kind for customers (models/enums SearchFilterKind), so this list has no saved filters.
 */
export function CustomerList() {
  return <StudentList resource="customers" />;
}

export default CustomerList;
