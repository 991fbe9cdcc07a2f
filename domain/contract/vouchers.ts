/**
 * The answers of /api/vouchers (a voucher's definition) and /api/application_vouchers (a voucher
 * applied to an application, with its refund request: domain/state/vouchers.ts). The console's
 * VoucherRecord and VoucherRefundRecord are `z.infer` of these.
 */
import { z } from 'zod';
import { RequestStatus, VoucherDiscountKind, VoucherScope } from '../../models/enums';
import { id, isoDate, page, refundAmounts, timestamp, updatedBy } from './common';

/** GET /vouchers/{id}, POST, PUT. */
export const voucherAnswer = z
  .object({
    id,
    code: z.string(),
    description: z.string().nullable(),
    discountKind: z.enum(VoucherDiscountKind),
    /** A percentage (PERCENT_OFF) or dollars (AMOUNT_OFF). */
    discountValue: z.number(),
    scope: z.enum(VoucherScope),
    emailIds: z.array(z.string()),
    validFrom: isoDate.nullable(),
    validTo: isoDate.nullable(),
    useLimit: z.number().int().nullable(),
    timesUsed: z.number().int().min(0),
    active: z.boolean(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type VoucherAnswer = z.infer<typeof voucherAnswer>;

/** GET /vouchers. */
export const voucherPage = page(voucherAnswer);

/** GET /application_vouchers/{id}, POST, PUT, PATCH …/status. */
export const applicationVoucherAnswer = z
  .object({
    id,
    applicationId: id,
    voucherId: id,
    comments: z.string().nullable(),
    ...refundAmounts,
    status: z.enum(RequestStatus),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
    application: z
      .object({
        id,
        student: z.object({ id, firstName: z.string(), lastName: z.string(), email: z.string() }).strict().nullable(),
        product: z.object({ id, name: z.string() }).strict().nullable(),
      })
      .strict()
      .nullable(),
    voucher: z.object({ id, code: z.string() }).strict().nullable(),
  })
  .strict();
export type ApplicationVoucherAnswer = z.infer<typeof applicationVoucherAnswer>;

/** GET /application_vouchers, POST …/find_by_criteria. */
export const applicationVoucherPage = page(applicationVoucherAnswer);
