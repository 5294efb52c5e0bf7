type Child = Node | string | null | false | undefined;

/** An element with attributes and children; text is always text (never parsed as HTML). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

const LINK = /\bhttps?:\/\/[^\s<>"')\]]+/g;

/**
 * A message's text as nodes: plain text, with http(s) addresses as links that open apart from the
 * page. What the assistant wrote can hold anything — a `<script>` stays visible text.
 */
export function richText(text: string): Node[] {
  const nodes: Node[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    if (start > at) nodes.push(document.createTextNode(text.slice(at, start)));
    nodes.push(el('a', { href: match[0], target: '_blank', rel: 'noopener noreferrer nofollow' }, match[0]));
    at = start + match[0].length;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}

/** The launcher's chat-bubble icon, drawn (no emoji font needed). */
export function bubbleIcon(): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '26');
  svg.setAttribute('height', '26');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('fill', 'currentColor');
  path.setAttribute('d', 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z');
  svg.append(path);
  return svg;
}
