/** How processes and channels are named in a view, an effect and a trace. */

/** A process's name, as the scenario file gives it: "P0", "P1", ... */
export type ProcessId = string;

/**
 * A channel's name, "from->to": "P0->P1" carries messages from P0 to P1, one
 * way. Channels are FIFO unless an exercise says otherwise (exercise 5).
 */
export type ChannelId = string;
