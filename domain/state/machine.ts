/**
 * A state machine as data (issue 16 §3): its statuses' moves, defined once in domain/state/ and read
 * by the API (which enforces them) and both UIs (which offer only the moves the API takes).
 * Browser-safe: no Node APIs, no Sequelize.
 */
export interface StateMachine<S extends string> {
  /** Every status's moves, in the order the UIs offer them. */
  readonly transitions: Readonly<Record<S, readonly S[]>>;
  /** Whether `from → to` is a move of the machine (a status read from a row is any string). */
  can(from: string, to: string): boolean;
  /** The statuses `from` may move to (a fresh array). */
  next(from: S): S[];
  /** Whether `status` has no move left (a final status). */
  isFinal(status: S): boolean;
}

/** A machine from its table of moves. */
export function defineMachine<S extends string>(transitions: Readonly<Record<S, readonly S[]>>): StateMachine<S> {
  return {
    transitions,
    can: (from, to) => (transitions as Readonly<Record<string, readonly string[]>>)[from]?.includes(to) ?? false,
    next: (from) => [...(transitions[from] ?? [])],
    isFinal: (status) => (transitions[status]?.length ?? 0) === 0,
  };
}
