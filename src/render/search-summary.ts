/**
 * How the state space was searched, for the figures of `snaplab explore`'s
 * report: which engine, which mode, what the states cost in memory, and what
 * the figures mean when they are not the full graph's. The first line says
 * how; any further lines qualify the figures.
 */
import type { SearchSummary } from "../explore/search-mode.js";

/** What a search summary is drawn from: the states stored and how they were searched. */
export interface Searched {
  readonly states: number;
  readonly search?: SearchSummary;
}

export function searchLines(report: Searched): string[] {
  const search = report.search;
  if (!search) return [];
  const how = `${search.search === "bfs" ? "breadth-first" : "depth-first"}${search.reduction === "por" ? ", partial-order reduction" : ""}`;
  const tables = `${megabytes(search.bytes!)} (${bytesPerState(report)} bytes/state)`;
  const ignored = search.ignored && `${search.ignored.join(", ")} ignored${search.unreducedBecause ? `: ${search.unreducedBecause}` : ""}`;
  // Why the generic explorer ran (a model with an engine of its own says), and what it could not do.
  const notes = [search.fallback, ignored].filter((note) => note !== undefined).join("; ");
  const lines =
    search.engine === "generic"
      ? [`generic explorer, ${how}, ${tables} and ${search.distinctParts!.toLocaleString("en-US")} distinct parts${notes ? ` (${notes})` : ""}`]
      : [`compact engine, ${how}, ${tables}`];
  if (search.reduction === "por") {
    lines.push("states, transitions and executions are those of the reduced graph; verdicts, snapshots and counterexamples are the full graph's");
  }
  if (search.collisionProbability !== undefined) {
    lines.push(`64-bit fingerprints: probability that a collision hid a state ${search.collisionProbability.toExponential(1)} (TLC's optimistic estimate)`);
  }
  return lines;
}

export function searchJson(report: Searched): object | undefined {
  const search = report.search;
  return search && { ...search, ...(search.bytes === undefined ? {} : { bytesPerState: bytesPerState(report) }) };
}

function bytesPerState(report: Searched): number {
  return Math.round((report.search?.bytes ?? 0) / report.states);
}

function megabytes(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MB`;
}
