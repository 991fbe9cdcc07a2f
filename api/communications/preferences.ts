import type { WhereOptions } from 'sequelize';
import type { CommunicationCategory, CommunicationChannel, Of } from '../../models/enums';

/**
 * Students' communication preferences (domain rules "Communications"; the portal's settings write
 * `emailOptIn`): a student who opted out of email gets no MARKETING email. Transactional categories
 * (account, enrollment, billing, academic, staff's manual notifications) always go, and the portal
 * inbox is not email: its messages always arrive.
 *
 * The communications slice uses `optedOut` (or `reachableWhere`, set-based) not to create the intents
 * at all; the dispatcher checks `optedOut` again when it sends (the preference may have changed
 * since), and such an intent ends FAILED with OPTED_OUT_REASON.
 */
export function optedOut(
  category: Of<typeof CommunicationCategory> | string,
  student: { emailOptIn?: boolean | null },
  channel: Of<typeof CommunicationChannel> = 'EMAIL',
): boolean {
  return channel === 'EMAIL' && category === 'MARKETING' && student.emailOptIn === false;
}

/** The students' condition (a Student where) of the recipients a category reaches on a channel. */
export function reachableWhere(category: Of<typeof CommunicationCategory> | string, channel: Of<typeof CommunicationChannel> = 'EMAIL'): WhereOptions {
  return channel === 'EMAIL' && category === 'MARKETING' ? { emailOptIn: true } : {};
}

/** The reason an intent stopped by the preference is FAILED with. */
export const OPTED_OUT_REASON = 'The student opted out of marketing email';
