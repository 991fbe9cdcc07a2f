/**
 * Which of the six withdrawal kinds (domain rules "Withdrawals and refunds") a withdrawal from an
 * application takes, by the business category of its classes. The API takes the kind as given (staff
 * choose it in the console); the portal asks on the student's behalf with the kind of their program.
 * Categories that are not one of the six programs (sample classes, post-grad materials, migrated
 * courses, selling guides, none) withdraw as specialty courses: the settings of a short course.
 */
import type { BusinessCategoryName, Of } from '../../models/enums';
import type { WithdrawalKind } from './withdrawals';

const KIND_OF: Partial<Record<Of<typeof BusinessCategoryName>, WithdrawalKind>> = {
  HCTP: 'hctp',
  SPECIALTY: 'specialty',
  HCTP_ALUMNI: 'alumni',
  ADVANCED: 'advanced',
  CIP: 'cip',
  CHOPRA_MASTERY: 'chopra',
  CHOPRA_ENRICHMENT_FOUNDATION: 'chopra',
};

export function withdrawalKindFor(category: Of<typeof BusinessCategoryName> | null | undefined): WithdrawalKind {
  return (category && KIND_OF[category]) || 'specialty';
}
