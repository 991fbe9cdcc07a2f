import type { Deps } from '../common/context';
import { route } from '../common/route';
import { customerCriteriaSchema, studentIdParams, studentListQuery, studentUpdateBody } from '../students/students.schemas';
import * as students from '../students/students.service';
import { studentAnswer, studentPage } from '../../domain/contract/students';

/**
 * /api/customers: every learner account, including those who never applied. The same records and
 * service as students, with the list scoped to all non-archived rows.
 */
export function customerRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: studentPage,
      summary: 'List customers',
      access: 'customers:read',
      query: studentListQuery,
      handle: ({ query }) => students.listStudents('customers', query),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: studentPage,
      summary: 'Search customers by criteria',
      access: 'customers:read',
      query: studentListQuery,
      body: customerCriteriaSchema,
      handle: ({ query, body }) => students.findStudentsByCriteria('customers', query, body),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: studentAnswer,
      summary: 'Get a customer',
      access: 'customers:read',
      params: studentIdParams,
      handle: ({ params }) => students.getStudent(params.id),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Update a customer',
      access: 'customers:update',
      params: studentIdParams,
      body: studentUpdateBody,
      handle: ({ params, body, actor }) => students.updateStudent(params.id, body, actor),
    }),
  ];
}
