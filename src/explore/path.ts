/** A trace through a model: the states visited and the actions between them. */
export interface Path<State, Action> {
  /** `states[0]` is initial; `states[i + 1]` follows `states[i]` by `actions[i]`. */
  readonly states: readonly State[];
  readonly actions: readonly Action[];
}
