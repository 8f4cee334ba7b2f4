import EmojiPicker, { Categories, EmojiStyle, SuggestionMode } from 'emoji-picker-react';
import spanish from 'emoji-picker-react/data/emojis-es';
import { es } from '@cartera/domain/i18n';

const c = es.conversation.composer;

/** 02 §9: recent, smileys and people, animals, food, travel, activities, objects, symbols, flags. */
const CATEGORIES = (
  [
    Categories.SUGGESTED,
    Categories.SMILEYS_PEOPLE,
    Categories.ANIMALS_NATURE,
    Categories.FOOD_DRINK,
    Categories.TRAVEL_PLACES,
    Categories.ACTIVITIES,
    Categories.OBJECTS,
    Categories.SYMBOLS,
    Categories.FLAGS,
  ] as const
).map((category) => ({ category, name: c.emojiCategories[category] }));

/**
 * The picker itself (emoji-picker-react with its Spanish names and search): loaded only when the
 * user first opens it, so its data never weighs on the conversation's first paint. Native glyphs:
 * nothing is fetched from elsewhere.
 */
export default function ComposerEmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <EmojiPicker
      emojiData={spanish}
      categories={CATEGORIES}
      emojiStyle={EmojiStyle.NATIVE}
      suggestedEmojisMode={SuggestionMode.RECENT}
      previewConfig={{ showPreview: false }}
      skinTonesDisabled
      lazyLoadEmojis
      width={340}
      height={380}
      labels={{
        searchPlaceholder: c.emojiSearch,
        searchLabel: c.emojiSearch,
        searchResultsNone: c.emojiNone,
        loading: c.emojiLoading,
        categoryNavigation: c.emojiCategoriesLabel,
      }}
      onEmojiClick={(emoji) => onPick(emoji.emoji)}
    />
  );
}
