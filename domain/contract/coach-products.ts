/**
 * The answers of coaches' products, their sign-ups (/cmp-sessions) and purchases (/cmp-transactions)
 * (issue 21). The console's and the portal's types are `z.infer` of these.
 */
import { z } from 'zod';
import { CoachProductSignUpStatus, CoachProductType, PurchaseStatus } from '../../models/enums';
import { dollars, id, page, personRef, timestamp, updatedBy } from './common';

const coachRef = z.object({ id, name: z.string() }).strict().nullable();

export const coachProductAnswer = z
  .object({
    id,
    coachId: id,
    coach: coachRef,
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(CoachProductType),
    price: dollars,
    sessions: z.number().int().min(1),
    active: z.boolean(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type CoachProductAnswer = z.infer<typeof coachProductAnswer>;
export const coachProductPage = page(coachProductAnswer);

export const signUpAnswer = z
  .object({
    id,
    coachProductId: id,
    coachId: id,
    coach: coachRef,
    customerId: id,
    customer: personRef.nullable(),
    productName: z.string(),
    productType: z.enum(CoachProductType),
    sessionsTotal: z.number().int().min(1),
    sessionsUsed: z.number().int().min(0),
    sessionsLeft: z.number().int().min(0),
    status: z.enum(CoachProductSignUpStatus),
    lastSessionAt: timestamp.nullable(),
    notes: z.string().nullable(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type SignUpAnswer = z.infer<typeof signUpAnswer>;
export const signUpPage = page(signUpAnswer);

export const coachPurchaseAnswer = z
  .object({
    id,
    signUpId: id,
    coachProductId: id,
    coachId: id,
    coach: coachRef,
    customerId: id,
    customer: personRef.nullable(),
    productName: z.string(),
    productType: z.enum(CoachProductType),
    amount: dollars,
    status: z.enum(PurchaseStatus),
    failureMessage: z.string().nullable(),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    purchasedAt: timestamp,
    processedAt: timestamp.nullable(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type CoachPurchaseAnswer = z.infer<typeof coachPurchaseAnswer>;
export const coachPurchasePage = page(coachPurchaseAnswer);
