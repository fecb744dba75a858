// The browser tab's title on the owner's dashboard and board (issue 30): the count of orders waiting for a Confirm
// in front, so an owner in another tab sees '(3) Shop Owner Dashboard' without switching.

export function pendingTitle(base: string, pendingCount: number): string {
  return pendingCount > 0 ? `(${pendingCount}) ${base}` : base;
}
