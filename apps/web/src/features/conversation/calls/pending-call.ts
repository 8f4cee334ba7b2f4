/** A manually logged call still waiting for its outcome. */
export interface PendingCall {
  /** The call's timeline item (what `closeCall` closes). */
  interactionId: string;
  phone: string;
  createdAt: Date;
  /** The item's content: a call through the provider carries its progress (issue #39). */
  content: Record<string, unknown>;
}

/** The call waiting for its outcome among a page of items (oldest first), if any. */
export function pendingCallOf(
  items: ReadonlyArray<{
    id: string;
    type: string;
    status: string | null;
    createdAt: Date;
    content: Record<string, unknown>;
  }>,
): PendingCall | null {
  // Walk back from the newest; take-overs do not end a call.
  for (let index = items.length - 1; index >= 0; index -= 1) {
    const item = items[index]!;
    if (item.type === 'contactTaken') continue;
    if (item.type !== 'phoneCall') return null;
    const state = item.content.state ?? item.status;
    if (state !== 'calling') return null;
    const phone = typeof item.content.phone === 'string' ? item.content.phone : '';
    return { interactionId: item.id, phone, createdAt: item.createdAt, content: item.content };
  }
  return null;
}
