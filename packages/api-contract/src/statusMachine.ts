/**
 * The one step rule of every status machine in the contract (requests, charges, claims): an event
 * moves a record from one of its `from` statuses to its `to` status, and is refused anywhere else.
 */
export interface StatusEventRule<S extends string> {
  /** The statuses the event may start from. */
  readonly from: readonly S[];
  readonly to: S;
}

/** The status `event` leads to from `status` under `events`, or null when it is not allowed there. */
export function nextStatusIn<S extends string, E extends string>(events: Readonly<Record<E, StatusEventRule<S>>>, status: S, event: E): S | null {
  const rule = events[event];
  return rule.from.includes(status) ? rule.to : null;
}
