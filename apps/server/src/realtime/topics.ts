/**
 * What a live stream asks for (issue #32 item 4): exact topics (`contact:<id>`, `session`,
 * `training`) and families of topics written `<kind>:*` (every `contact:<id>` the caller may
 * see). One tab keeps one stream whose topics are the union of what its screens follow.
 */

/** A family of topics: `contact:*`, `channel:*`. */
export const TOPIC_FAMILY = /^[a-z][a-z_-]*:\*$/;

export interface TopicFilter {
  /** Topics asked for by name. */
  exact: string[];
  /** Prefixes (`contact:`) of the families asked for. */
  prefixes: string[];
}

/** Splits a stream's topics into names and families; no topics means every topic. */
export function topicFilter(topics: readonly string[] | undefined): TopicFilter | undefined {
  if (!topics?.length) return undefined;
  const exact: string[] = [];
  const prefixes: string[] = [];
  for (const topic of topics) {
    if (TOPIC_FAMILY.test(topic)) prefixes.push(topic.slice(0, -1));
    else exact.push(topic);
  }
  return { exact, prefixes };
}

/** Whether an event's topic is one the filter asks for. */
export function topicWanted(filter: TopicFilter | undefined, topic: string) {
  if (!filter) return true;
  return filter.exact.includes(topic) || filter.prefixes.some((prefix) => topic.startsWith(prefix));
}
