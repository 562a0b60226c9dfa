/** The smallest bank a live run takes: P0 and P1, 100 each, a channel each way, P0 initiating, no programs. */
export const twoProcessBank = {
  name: "two",
  processes: { P0: 100, P1: 100 },
  channels: [
    ["P0", "P1"],
    ["P1", "P0"],
  ] as [string, string][],
  programs: {},
  initiators: ["P0"],
};
