/**
 * How a reason names the call of a rule it is about, e.g. "rules.onMarker(view,
 * channel, marker) at P1 (marker on P0->P1)": the same words wherever the
 * rules run (the grader, the explorer, a live node), so that one mistake
 * reads the same in each. `rules` is the name the file exports them as.
 */
export type RuleCallOf =
  | { readonly rule: "initiate"; readonly process: string; readonly snapshot?: number }
  | { readonly rule: "onMarker"; readonly process: string; readonly channel: string; readonly snapshot?: number }
  | { readonly rule: "onMessage"; readonly process: string; readonly channel: string; readonly message: string };

/** The call, with its arguments as the rules of several snapshots take them where a snapshot is named (exercise 6). */
export function ruleCall(call: RuleCallOf, rules = "rules"): string {
  switch (call.rule) {
    case "initiate":
      return call.snapshot === undefined
        ? `${rules}.initiate(view) at ${call.process}`
        : `${rules}.initiate(view, snapshot) at ${call.process} (snapshot ${call.snapshot})`;
    case "onMarker":
      return call.snapshot === undefined
        ? `${rules}.onMarker(view, channel, marker) at ${call.process} (marker on ${call.channel})`
        : `${rules}.onMarker(view, channel, snapshot) at ${call.process} (marker ${call.snapshot} on ${call.channel})`;
    case "onMessage":
      return `${rules}.onMessage(view, channel, message) at ${call.process} (${call.message} on ${call.channel})`;
  }
}
