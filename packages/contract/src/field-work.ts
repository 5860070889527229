/**
 * Work in the field (issue 19): writes that survive a dead connection (the Idempotency-Key of
 * create calls) and visit check-in (拜访签到) with the phone's position, a customer's position,
 * and the leader's day view of visits.
 */
import Type from 'typebox';
import { Id, Nullable, SiteId, Timestamp } from './primitives.js';

/**
 * The header a create call carries so a repeat never writes twice: a UUID made when the person
 * taps submit. The server keeps it with the first answer for IDEMPOTENCY_TTL_HOURS, per user.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_TTL_HOURS = 24;
/** A UUID, any version, lower or upper case (crypto.randomUUID makes v4). */
export const IDEMPOTENCY_KEY_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key 须为 UUID',
  /** The key's first request was saved; this one differs (an edit resent under the tap's key). */
  bodyChanged: '这条记录已提交过且内容不同，已保留先提交的内容，请刷新后查看或重新填写',
} as const;

/** A check-in farther than this from the customer's position is 位置偏离 (server setting VISIT_DEVIATION_METERS). */
export const VISIT_DEVIATION_METERS_DEFAULT = 500;

export const Latitude = Type.Number({ minimum: -90, maximum: 90 });
export const Longitude = Type.Number({ minimum: -180, maximum: 180 });
/** Metres, as the browser's Geolocation reports it (95 % confidence radius). */
export const Accuracy = Type.Number({ minimum: 0, maximum: 100_000 });

/** Where the phone was, from the browser's Geolocation, sent only after the person's tap. */
export const GeoFix = Type.Object({ latitude: Latitude, longitude: Longitude, accuracy: Accuracy });
export type GeoFix = Type.Static<typeof GeoFix>;

/** 拜访签到 sent with a 拜访 follow-up: the position and, optionally, a photo taken then (an uploaded image's URL). */
export const CheckInInput = Type.Object({
  latitude: Latitude,
  longitude: Longitude,
  accuracy: Accuracy,
  photo: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
});
export type CheckInInput = Type.Static<typeof CheckInInput>;

/** A follow-up's check-in: stamped by the server; distance and 位置偏离 against the customer's position when it has one. */
export const CheckIn = Type.Object({
  at: Timestamp,
  latitude: Type.Number(),
  longitude: Type.Number(),
  accuracy: Type.Number(),
  photo: Nullable(Type.String()),
  /** Metres from the customer's position at check-in; null when the customer had none. */
  distance: Nullable(Type.Integer()),
  deviated: Type.Boolean(),
});
export type CheckIn = Type.Static<typeof CheckIn>;

/** 主管设置, 签到确认, or 新建时定位 (the creator's phone when the customer was made, issue 27). */
export const POSITION_SOURCES = ['leader', 'check_in', 'create'] as const;
export type PositionSource = (typeof POSITION_SOURCES)[number];

export const CustomerPosition = Type.Object({
  latitude: Type.Number(),
  longitude: Type.Number(),
  source: Type.Enum(POSITION_SOURCES),
  setAt: Timestamp,
});
export type CustomerPosition = Type.Static<typeof CustomerPosition>;

/**
 * Sets a customer's position: a leader gives a point, or the person who checked in confirms
 * their check-in's point (followUpId) for a customer that has none yet. One of the two.
 */
export const CustomerPositionBody = Type.Object({
  siteId: SiteId,
  customerId: Id,
  followUpId: Type.Optional(Id),
  latitude: Type.Optional(Latitude),
  longitude: Type.Optional(Longitude),
});
export type CustomerPositionBody = Type.Static<typeof CustomerPositionBody>;

export const CustomerPositionResult = Type.Object({ customerId: Type.Integer(), position: CustomerPosition });
export type CustomerPositionResult = Type.Static<typeof CustomerPositionResult>;
