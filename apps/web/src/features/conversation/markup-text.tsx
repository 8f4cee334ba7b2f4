import type { ReactNode } from 'react';
import { Anchor, Code } from '@mantine/core';
import { parseMarkup, type MarkupNode } from './markup';

function render(nodes: MarkupNode[], prefix: string): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${prefix}${index}`;
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'strong':
        return <strong key={key}>{render(node.children, `${key}.`)}</strong>;
      case 'em':
        return <em key={key}>{render(node.children, `${key}.`)}</em>;
      case 'u':
        return <u key={key}>{render(node.children, `${key}.`)}</u>;
      case 's':
        return <s key={key}>{render(node.children, `${key}.`)}</s>;
      case 'code':
        return <Code key={key}>{node.text}</Code>;
      case 'link':
        return (
          <Anchor key={key} href={node.href} target="_blank" rel="noopener noreferrer" inherit>
            {node.text}
          </Anchor>
        );
    }
  });
}

/** A note's or message's text with its markup (02 §5) as elements; line breaks kept by CSS. */
export function MarkupText({ text }: { text: string }) {
  return <>{render(parseMarkup(text), '')}</>;
}
