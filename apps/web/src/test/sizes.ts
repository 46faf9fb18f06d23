/**
 * jsdom lays nothing out: gives every element a size so the virtualized tables render the rows in view.
 * Returns the function that puts jsdom's own (zero) sizes back.
 */
export function giveElementsASize(height = 800, width = 1200): () => void {
  const sizes = [
    [HTMLElement.prototype, 'offsetHeight', height],
    [HTMLElement.prototype, 'offsetWidth', width],
    [Element.prototype, 'clientHeight', height],
    [Element.prototype, 'clientWidth', width],
  ] as const;
  const originals = sizes.map(([proto, key]) => [proto, key, Object.getOwnPropertyDescriptor(proto, key)] as const);
  for (const [proto, key, value] of sizes) Object.defineProperty(proto, key, { configurable: true, get: () => value });
  return () => {
    for (const [proto, key, descriptor] of originals) if (descriptor) Object.defineProperty(proto, key, descriptor);
  };
}
