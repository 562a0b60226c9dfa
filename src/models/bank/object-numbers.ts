/**
 * A number for each object met, in the order met, to name shared immutable
 * parts in a key: the same object, the same number (the objects themselves
 * are only held weakly).
 */
export class ObjectNumbers {
  private readonly numbers = new WeakMap<object, number>();
  private next = 0;

  of(part: object): number {
    let n = this.numbers.get(part);
    if (n === undefined) this.numbers.set(part, (n = this.next++));
    return n;
  }
}
