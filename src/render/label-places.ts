/**
 * Where a message's label goes in a space-time diagram: the first of a few
 * places near its arrow where the label covers nothing already drawn (another
 * arrow, the cut, a lane, a word), or else the place that covers least. Text
 * widths are guesses, so every box here is a little larger than its words.
 */

/** A line from (x1, y1) to (x2, y2). */
export type Segment = readonly [number, number, number, number];

/** An upright box: left, top, width, height. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

type Point = readonly [number, number];

/** A label placed: its lines, the first one's baseline at (x, y); its box, upright, turned by `angle` degrees about (cx, cy). */
export interface LabelPlace {
  readonly lines: readonly string[];
  readonly x: number;
  readonly y: number;
  readonly anchor: "start" | "middle" | "end";
  readonly angle: number;
  readonly cx: number;
  readonly cy: number;
  readonly box: Box;
}

/** The lines between two lines of a label. */
export const LINE_GAP = 14;

/**
 * Where a label of `text` may go, the first the best: along a shallow arrow
 * just above it (or below), beside a steep one, in the first gap the arrow
 * crosses (`span`: how many gaps it crosses); then level, beyond either end;
 * then so, on two lines, where the words break at a colon. `width` guesses
 * how wide a line of words is.
 */
export function labelPlaces([x1, y1, x2, y2]: Segment, text: string, span: number, first: number, width: (line: string) => number): LabelPlace[] {
  const w = width(text);
  let angle = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
  if (angle > 90) angle -= 180;
  const shallow = Math.abs(angle) < 35;
  const along = [first, 0.3, 0.45, 0.15, 0.6, 0.75]
    .map((t) => t / span)
    .flatMap((t): LabelPlace[] => {
      const [lx, ly] = [x1 + (x2 - x1) * t, y1 + (y2 - y1) * t];
      if (!shallow) return [level([text], lx + 10, ly + 4, "start", w), level([text], lx - 10, ly + 4, "end", w)];
      const turned = (dy: number): LabelPlace => ({
        lines: [text],
        x: lx,
        y: ly + dy,
        anchor: "middle",
        angle,
        cx: lx,
        cy: ly,
        box: textBox(lx - w / 2, ly + dy, w, 1),
      });
      return [turned(-7), turned(18)];
    });
  const rightward = x2 >= x1;
  const beyond = (lines: string[]) => {
    const widest = Math.max(...lines.map(width));
    return [
      level(lines, rightward ? x1 - 10 : x1 + 10, y1 + 4, rightward ? "end" : "start", widest),
      level(lines, rightward ? x2 + 10 : x2 - 10, y2 + 4, rightward ? "start" : "end", widest),
    ];
  };
  const colon = text.indexOf(": ");
  return [...along, ...beyond([text]), ...(colon < 0 ? [] : beyond([text.slice(0, colon + 1), text.slice(colon + 2)]))];
}

/** A level label, its first line's baseline at (x, y). */
function level(lines: string[], x: number, y: number, anchor: "start" | "end", w: number): LabelPlace {
  return { lines, x, y, anchor, angle: 0, cx: x, cy: y, box: textBox(anchor === "end" ? x - w : x, y, w, lines.length) };
}

/** The box of `lines` lines of 12px text `w` wide, from `left`, the first baseline at `baseline`. */
export function textBox(left: number, baseline: number, w: number, lines: number): Box {
  return { x: left, y: baseline - 11, w, h: 14 + LINE_GAP * (lines - 1) };
}

/** What is drawn where labels might go: lines, and the outlines of words and marks; each label placed joins them. */
export class LabelRoom {
  private readonly outlines: (readonly Point[])[];

  constructor(
    private readonly segments: readonly Segment[],
    boxes: readonly Box[],
    /** Where labels may go at all. */
    private readonly bounds: Box,
  ) {
    this.outlines = boxes.map((box) => corners({ box, angle: 0, cx: 0, cy: 0 }));
  }

  /** The place among `places` that covers least (the first of those), taken: later labels keep clear of it. `own`: the label's arrow. */
  place(places: readonly LabelPlace[], own: Segment): LabelPlace {
    const best = places.map((place) => ({ place, covers: this.covers(place, own) })).reduce((a, b) => (b.covers < a.covers ? b : a)).place;
    this.outlines.push(corners(best));
    return best;
  }

  /** How many drawn things the label placed so would cover; off the picture counts as covering many. */
  covers(place: LabelPlace, own: Segment): number {
    const outline = corners(place);
    const { bounds } = this;
    if (outline.some(([px, py]) => px < bounds.x || px > bounds.x + bounds.w || py < bounds.y || py > bounds.y + bounds.h)) return 100;
    // In the label's own frame its box is upright: what is drawn is turned the other way about the same point.
    const back = (point: Point) => turn(point, -place.angle, place.cx, place.cy);
    const crosses = ([ax, ay, bx, by]: Segment) => segmentMeetsBox(back([ax, ay]), back([bx, by]), place.box);
    const centre: Point = [outline.reduce((sum, [px]) => sum + px, 0) / 4, outline.reduce((sum, [, py]) => sum + py, 0) / 4];
    const around = (points: readonly Point[]) => {
      const xs = points.map(([px]) => px);
      const ys = points.map(([, py]) => py);
      return centre[0] >= Math.min(...xs) && centre[0] <= Math.max(...xs) && centre[1] >= Math.min(...ys) && centre[1] <= Math.max(...ys);
    };
    const edges = (points: readonly Point[]) => points.map(([px, py], i): Segment => [px, py, ...points[(i + 1) % points.length]!]);
    const lines = this.segments.filter((segment) => segment !== own && crosses(segment)).length;
    return lines + this.outlines.filter((points) => around(points) || edges(points).some(crosses)).length;
  }
}

/** A place's box by its four corners, turned as the place is. */
function corners({ box, angle, cx, cy }: Pick<LabelPlace, "box" | "angle" | "cx" | "cy">): Point[] {
  const upright: Point[] = [
    [box.x, box.y],
    [box.x + box.w, box.y],
    [box.x + box.w, box.y + box.h],
    [box.x, box.y + box.h],
  ];
  return upright.map((point) => turn(point, angle, cx, cy));
}

/** `point` turned by `angle` degrees about (cx, cy), as SVG's rotate() turns it. */
function turn([px, py]: Point, angle: number, cx: number, cy: number): Point {
  const radians = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  return [cx + (px - cx) * cos - (py - cy) * sin, cy + (px - cx) * sin + (py - cy) * cos];
}

/** Whether the segment from a to b comes within 2 of the upright box (Liang and Barsky's clipping). */
function segmentMeetsBox([ax, ay]: Point, [bx, by]: Point, box: Box): boolean {
  const [dx, dy] = [bx - ax, by - ay];
  let [enter, leave] = [0, 1];
  const sides: Point[] = [
    [-dx, ax - (box.x - 2)],
    [dx, box.x + box.w + 2 - ax],
    [-dy, ay - (box.y - 2)],
    [dy, box.y + box.h + 2 - ay],
  ];
  for (const [p, q] of sides) {
    if (p === 0) {
      if (q < 0) return false;
    } else if (p < 0) enter = Math.max(enter, q / p);
    else leave = Math.min(leave, q / p);
  }
  return enter <= leave;
}
