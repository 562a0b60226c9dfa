/** Colour only for a person at a terminal who has not opted out (https://no-color.org). */
export function wantsColor(stream: { isTTY?: boolean }): boolean {
  return stream.isTTY === true && !process.env.NO_COLOR;
}
