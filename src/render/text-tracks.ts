/**
 * Where the text diagram puts things across the page: a column per process
 * lane, and for every message a vertical track that carries it while it is in
 * flight. A message leaves its sender sideways on its send row, runs down its
 * track, and turns into its receiver on its delivery row.
 *
 * Tracks sit in the gap beside the receiver. Among messages into the same
 * receiver from the same side, one sent while others are in flight goes
 * further from the receiver, so two messages cross on the page exactly when
 * the later one overtakes the earlier, as on a space-time diagram.
 */
import { endOf, type SpaceTime, type SpaceTimeMessage } from "../view/space-time-view.js";

export interface TrackLayout {
  /** Column of each process's lane. */
  readonly lanes: readonly number[];
  /** Column of each message's track. */
  readonly tracks: readonly number[];
  readonly width: number;
}

const MARGIN = 3; // columns between a lane and the nearest track
const SPACING = 2; // columns between neighbouring tracks
const MIN_GAP = 14; // columns between lanes, whatever the traffic

export function trackLayout(view: SpaceTime, left: number): TrackLayout {
  const depths = trackDepths(view.messages);
  const n = view.lanes.length;
  // Per gap g (between lanes g and g+1): tracks into g (near its left) and into g+1 (near its right).
  const intoLeft = new Array<number>(n).fill(0);
  const intoRight = new Array<number>(n).fill(0);
  view.messages.forEach((m, i) => {
    if (m.to < m.from) intoLeft[m.to] = Math.max(intoLeft[m.to]!, depths[i]! + 1);
    else intoRight[m.to - 1] = Math.max(intoRight[m.to - 1]!, depths[i]! + 1);
  });

  const lanes = [left + Math.floor(view.lanes[0]!.length / 2)];
  for (let g = 0; g + 1 < n; g++) {
    const tracks = 2 * MARGIN + SPACING * (intoLeft[g]! + intoRight[g]! - 1);
    const names = Math.ceil((view.lanes[g]!.length + view.lanes[g + 1]!.length) / 2) + 2;
    lanes.push(lanes[g]! + Math.max(MIN_GAP, tracks, names));
  }
  const tracks = view.messages.map((m, i) => (m.to < m.from ? lanes[m.to]! + MARGIN + SPACING * depths[i]! : lanes[m.to]! - MARGIN - SPACING * depths[i]!));
  return { lanes, tracks, width: lanes[n - 1]! + 1 };
}

/**
 * How far each message's track is from its receiver: one more than the
 * furthest message into the same receiver from the same side still in flight
 * when it is sent.
 */
function trackDepths(messages: readonly SpaceTimeMessage[]): number[] {
  const depths: number[] = [];
  messages.forEach((m, i) => {
    let depth = 0;
    // Messages are listed in send order, so the ones before m were sent before it.
    for (let j = 0; j < i; j++) {
      const o = messages[j]!;
      const sameSide = o.to === m.to && Math.sign(o.from - o.to) === Math.sign(m.from - m.to);
      if (sameSide && (endOf(o) ?? Infinity) > m.sent) depth = Math.max(depth, depths[j]! + 1);
    }
    depths.push(depth);
  });
  return depths;
}
