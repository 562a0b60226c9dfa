/**
 * Promela identifiers for a scenario's processes, channels and messages:
 * the scenario's own names where they are valid identifiers, made valid and
 * unique otherwise, so that the generated model reads like the scenario.
 */
import type { Scenario } from "../scenario.js";

export interface PromelaNames {
  readonly process: readonly string[];
  /** "<from>_<to>" */
  readonly channel: readonly string[];
  /** The constant naming data message m (numbered as in the compact engine's catalogue), "m_<sender>_<k>". */
  readonly message: readonly string[];
}

export function promelaNames(scenario: Scenario): PromelaNames {
  const used = new Set<string>();
  const unique = (wanted: string) => {
    let name = wanted.replace(/[^A-Za-z0-9_]/g, "_").replace(/^(?=[0-9_])/, "p");
    for (let i = 2; used.has(name); i++) name = `${name}_${i}`;
    used.add(name);
    return name;
  };
  const process = scenario.processes.map(unique);
  const channel = scenario.channels.map((c) => unique(`${process[c.from]}_${process[c.to]}`));
  const message = scenario.programs.flatMap((program, p) => program.map((_, k) => unique(`m_${process[p]}_${k + 1}`)));
  return { process, channel, message };
}

/** Text from the scenario made safe inside a Promela comment, where a `*` followed by `/` would end the comment early (names cannot hold line breaks). */
export function inComment(text: string): string {
  return text.replaceAll("*/", "* /");
}
