/** The snapshot rules you write (exercises 1, 2 and 5): what `rules.ts` exports as `rules`. */
import type { Effect } from "./effects.js";
import type { DeliveredMessage, Marker } from "./messages.js";
import type { ChannelId } from "./names.js";
import type { MultiSnapshotAlgorithm } from "./several-snapshots.js";
import type { ProcessView } from "./view.js";

/**
 * Three rules, each called for one process at one moment, each answering
 * with the effects that process carries out then.
 *
 * Rules must be pure: the same view and message always get the same effects,
 * no state is kept between calls (no variable outside the rule that a call
 * changes), and the view is not changed. The grader asks a question more
 * than once, and an answer that changes fails the exercise.
 */
export interface SnapshotAlgorithm {
  /** A name for reports, e.g. "my-chandy-lamport". */
  readonly name: string;
  /** This process starts a snapshot on its own (it is one of the scenario's initiators). */
  initiate(view: ProcessView): readonly Effect[];
  /** A marker arrived on the incoming channel `channel`. */
  onMarker(view: ProcessView, channel: ChannelId, marker: Marker): readonly Effect[];
  /**
   * A data message arrived on the incoming channel `channel`. The effects are
   * carried out first, and then the kit credits the money: a `record-state`
   * here records the balance without this message.
   */
  onMessage(view: ProcessView, channel: ChannelId, message: DeliveredMessage): readonly Effect[];
  /** Leave this out: the kit's own algorithms set it, for runs with several snapshots (exercise 6 is written on its own). */
  readonly perSnapshot?: MultiSnapshotAlgorithm;
}
