/** What travels on a channel: data messages (money) and markers. */

/**
 * A transfer of money: a data message. It is in flight from the moment its
 * sender sends it (and its balance goes down) until it is delivered (and the
 * receiver's balance goes up).
 */
export interface DataMessage {
  /** "data": what tells a data message from a marker. */
  readonly kind: "data";
  /** "<sender>#<k>": the sender's k-th send, e.g. "P0#1". Unique in a run. */
  readonly id: string;
  /** The money it carries, a positive whole number. */
  readonly amount: number;
  /** Only on a channel that duplicates messages (not in the exercises): marks the copy a delivery left in flight. */
  readonly copy?: true;
}

/**
 * A data message as its receiver's rule (`onMessage`) is handed it, with its
 * colour (exercise 5, Lai-Yang): "red" when its sender had already recorded
 * its state when it sent it, "white" when it had not.
 */
export interface DeliveredMessage extends DataMessage {
  /** "white" if its sender had not recorded when it sent it, "red" if it had. */
  readonly colour: "white" | "red";
}

/**
 * A marker: a control message that carries no money. A process sends one on
 * each outgoing channel when it records, and it tells the receiver "a
 * snapshot is being taken; everything I sent before this marker was sent
 * before I recorded".
 */
export interface Marker {
  /** "marker": what tells a marker from a data message. */
  readonly kind: "marker";
  /** Exercise 5: the messages its sender had sent on this channel when it recorded, as its `send-marker` effect gave them. */
  readonly sent?: readonly DataMessage[];
  /** Runs with several snapshots: the snapshot it belongs to (exercise 6's rules are handed this id on its own). */
  readonly snapshot?: number;
  /** Only on a channel that duplicates messages (not in the exercises): marks the copy a delivery left in flight. */
  readonly copy?: true;
}
