// The column types the table interfaces share: how each kind of stored value reads, inserts and updates.
import type { ColumnType, Generated } from 'kysely';

/** ISO-8601 text set by the app on insert and never changed afterwards. */
export type CreatedAt = ColumnType<string, string, never>;
/** ISO-8601 text set by the app. */
export type Timestamp = string;
/** 'YYYY-MM-DD' text. */
export type DateText = string;
/** An integer 0/1 boolean with a SQL default (checked by the schema to stay 0 or 1). */
export type Flag = ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
/** A review flag: null = pending review (still counts), 1 = confirmed, 0 = rejected. */
export type ReviewFlag = ColumnType<0 | 1 | null, 0 | 1 | null | undefined, 0 | 1 | null>;
/** An integer primary key assigned by the database. */
export type SerialId = Generated<number>;
/** A text column holding JSON; the app serialises and parses it. */
export type JsonText = string;
