/**
 * The time a customer's message is shown with, and its reply window counted from (issue #31
 * item 8): the provider's timestamp (the InboundEvent's `at`), never later than its arrival here
 * (a provider's clock ahead of ours would put it in the future) nor an invalid date. The item's
 * id is still made at arrival, so the timeline's order (by id, UUIDv7) is the order of arrival.
 */
export function providerTime(at: Date, arrival: Date = new Date()): Date {
  const time = at.getTime();
  return Number.isFinite(time) && time <= arrival.getTime() ? at : arrival;
}
