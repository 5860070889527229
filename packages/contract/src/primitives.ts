/**
 * The shapes every part of the contract is built from: ids, paging, days, months, timestamps.
 * Defined once here; the feature modules import them.
 */
import Type from 'typebox';
import { ID_MAX, PAGE_SIZE_MAX } from './sales-domain.js';

export const SiteId = Type.Integer({ minimum: 1, maximum: ID_MAX });
export const Id = Type.Integer({ minimum: 1, maximum: ID_MAX });
export const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }));
export const PageSize = Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 }));
export const Keyword = Type.Optional(Type.String({ maxLength: 50 }));
/** A calendar day, YYYY-MM-DD, in China Standard Time. */
export const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** YYYY-MM, years 0001–9999: year 0000 does not exist in the calendar PostgreSQL keeps (1 BC comes before 1 AD). */
export const Month = Type.String({ pattern: '^(\\d{3}[1-9]|\\d{2}[1-9]\\d|\\d[1-9]\\d{2}|[1-9]\\d{3})-(0[1-9]|1[0-2])$' });
export const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** ISO 8601 timestamps. */
export const Timestamp = Type.String();

/** One page of a list. */
export const Paged = <T extends Type.TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() });
