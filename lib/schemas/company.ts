// The caller's company (D11): read by every member, renamed by an owner.
import { z } from 'zod';
import { dateTime, text } from './common';

export const companyRecord = z.object({ id: z.string(), name: z.string(), createdAt: dateTime });
export type CompanyRecord = z.output<typeof companyRecord>;

/** PUT /company. */
export const companyUpdate = z.object({ name: text(200) });
export type CompanyUpdateInput = z.output<typeof companyUpdate>;
