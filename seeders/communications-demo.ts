import type { Transaction } from 'sequelize';
import { Communication } from '../models';
import { schoolToday } from '../models/catalogue';
import { schoolWallTime } from '../api/catalogue/date-times';

export const DEMO_COMMUNICATION_SUBJECT = 'Welcome back: classes resume next week';

/**
 * The demo's communication (issue 17): one written by staff to every active student, scheduled a week
 * ahead at 10:00 AM New York time — so /communications lists one and its drawer opens on a form that
 * may still change (the dispatcher sends it when it falls due). Once per database.
 */
export async function seedCommunicationsDemo(transaction: Transaction, now: Date = new Date()): Promise<void> {
  if (await Communication.findOne({ where: { subject: DEMO_COMMUNICATION_SUBJECT }, attributes: ['id'], transaction })) return;
  const [y, m, d] = schoolToday(now).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d + 7)).toISOString().slice(0, 10);
  await Communication.create(
    {
      type: 'MESSAGE',
      category: 'MANUAL_NOTIFICATION',
      recipientType: 'BROADCAST',
      scheduleType: 'FUTURE',
      scheduleDate: day,
      scheduleTime: '10:00',
      scheduledAt: schoolWallTime(day, '10:00'),
      subject: DEMO_COMMUNICATION_SUBJECT,
      header: 'Classes resume',
      longMessageBody: '<p>Hello {{firstName}},</p><p>We hope you had a restful break. Your live classes resume next week; see you there!</p>',
      shortMessageBody: 'Hello {{firstName}}, your live classes resume next week.',
      status: 'SCHEDULED',
      updatedById: null,
      updatedByName: 'System',
    },
    { transaction },
  );
}
