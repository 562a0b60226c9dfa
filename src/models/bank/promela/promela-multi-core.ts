/**
 * SPIN's multi-core mode (`gcc -DNCORE=N`) refuses hidden variables, which
 * the models use for the message being delivered and for the flags that name
 * a property in SPIN's report. `spin -DMULTICORE -a` turns them into ordinary
 * variables; every step sets each back to 0 before it ends, so that they are
 * 0 in every stored state and SPIN stores the same states either way.
 */
export const MULTI_CORE_SWITCH = [
  "/* Multi-core SPIN (gcc -DNCORE=N) refuses hidden variables: spin -DMULTICORE -a makes them ordinary ones, 0 in every stored state. */",
  "#ifdef MULTICORE",
  "#define hidden",
  "#endif",
  "",
];

/** Sets the named flags back to 0, e.g. "conservation_holds = 0; reachable_holds = 0". */
export function clearFlags(flags: readonly string[]): string {
  return flags.map((flag) => `${flag}_holds = 0`).join("; ");
}
