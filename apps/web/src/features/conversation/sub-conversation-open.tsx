import { createContext, useContext } from 'react';

/**
 * Opens a sub-conversation in the side panel of the page around (`SubConversationPanel`), or
 * null where there is none: the item then links to its screen.
 */
export const OpenSubConversationContext = createContext<((id: string) => void) | null>(null);

export function useOpenSubConversation() {
  return useContext(OpenSubConversationContext);
}
