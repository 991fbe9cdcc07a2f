/**
 * The answers of the purchases (issue 21): extra products bought for an enrollment, their quote and
 * what can be bought. The console's and the portal's purchase types are `z.infer` of these.
 */
import { z } from 'zod';
import { ExtraProductPriceType, ExtraProductType, PurchaseStatus } from '../../models/enums';
import { dollars, id, page, personRef, timestamp, updatedBy } from './common';

/** GET /purchases/{id}, a row of every purchase list, POST /enrollments/{id}/purchases. */
export const purchaseAnswer = z
  .object({
    id,
    studentId: id,
    enrollmentId: id,
    applicationId: id,
    programId: id,
    extraProductId: id,
    productName: z.string(),
    productType: z.enum(ExtraProductType),
    quantity: z.number().int().min(1),
    unitPrice: dollars,
    amount: dollars,
    taxState: z.string().nullable(),
    taxRate: z.number().min(0),
    taxAmount: dollars,
    total: dollars,
    refundedAmount: dollars,
    status: z.enum(PurchaseStatus),
    failureMessage: z.string().nullable(),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    refundId: id.nullable(),
    purchasedAt: timestamp,
    processedAt: timestamp.nullable(),
    student: personRef.nullable(),
    program: z.object({ id, name: z.string() }).strict().nullable(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type PurchaseAnswer = z.infer<typeof purchaseAnswer>;
export const purchasePage = page(purchaseAnswer);

/** POST /enrollments/{id}/purchases/quote. */
export const purchaseQuoteAnswer = z
  .object({
    extraProductId: id,
    productName: z.string(),
    productType: z.enum(ExtraProductType),
    quantity: z.number().int().min(1),
    unitPrice: dollars,
    amount: dollars,
    taxState: z.string().nullable(),
    taxRate: z.number().min(0),
    taxAmount: dollars,
    total: dollars,
  })
  .strict();
export type PurchaseQuoteAnswer = z.infer<typeof purchaseQuoteAnswer>;

/** GET /enrollments/{id}/extra_products: what the enrollment's student can buy. */
export const extraProductOffer = z
  .object({
    id,
    programId: id,
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(ExtraProductType),
    priceType: z.enum(ExtraProductPriceType),
    price: dollars,
    calculateTaxes: z.boolean(),
    multipleItemPurchase: z.boolean(),
  })
  .strict();
export type ExtraProductOffer = z.infer<typeof extraProductOffer>;
export const extraProductOfferList = z.array(extraProductOffer);
