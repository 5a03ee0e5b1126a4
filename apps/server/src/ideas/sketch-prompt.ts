/**
 * Reading a prompt for the offline sketch: which subjects it names, which colour words, and the mood
 * (time of day or season) of the scene.
 */

export type Subject = (typeof SUBJECTS)[number]['name'];
export type Mood = 'day' | 'night' | 'sunset' | 'snow';

/** Words that name a subject (singular stems; plurals and -y forms match too). */
const SUBJECTS = [
  {
    name: 'flowers',
    words: [
      'flower',
      'floral',
      'rose',
      'tulip',
      'daisy',
      'daisie',
      'poppy',
      'poppie',
      'sunflower',
      'bouquet',
      'blossom',
      'garden',
      'lily',
      'lilie',
      'peony',
      'peonie',
    ],
  },
  { name: 'tree', words: ['tree', 'forest', 'wood', 'oak', 'pine', 'orchard'] },
  { name: 'house', words: ['house', 'home', 'cottage', 'cabin', 'village', 'barn', 'church'] },
  { name: 'heart', words: ['heart', 'love', 'valentine', 'wedding'] },
  { name: 'cat', words: ['cat', 'kitten', 'kitty', 'kittie'] },
  { name: 'dog', words: ['dog', 'puppy', 'puppie', 'pup'] },
  { name: 'bird', words: ['bird', 'robin', 'sparrow', 'finch', 'parrot', 'owl'] },
  { name: 'fish', words: ['fish', 'koi', 'goldfish'] },
  { name: 'butterfly', words: ['butterfly', 'butterflie', 'moth'] },
  { name: 'rabbit', words: ['rabbit', 'bunny', 'bunnie', 'hare'] },
  { name: 'mushroom', words: ['mushroom', 'toadstool', 'fungus'] },
  { name: 'boat', words: ['boat', 'ship', 'sail', 'sailboat', 'yacht'] },
  { name: 'mountain', words: ['mountain', 'hill', 'alps', 'peak', 'landscape', 'valley'] },
  { name: 'star', words: ['star', 'galaxy', 'sky', 'space'] },
  { name: 'sun', words: ['sun', 'sunny', 'summer'] },
] as const;

const MOODS: readonly { mood: Mood; words: readonly string[] }[] = [
  { mood: 'night', words: ['night', 'moon', 'midnight', 'evening', 'dark', 'star', 'galaxy', 'space'] },
  { mood: 'sunset', words: ['sunset', 'sunrise', 'dusk', 'dawn', 'autumn', 'fall'] },
  { mood: 'snow', words: ['snow', 'winter', 'christmas', 'ice', 'frost'] },
];

/** Colour words and the paint they mean. */
const COLOURS: Readonly<Record<string, string>> = {
  red: '#c8283c',
  crimson: '#a3162e',
  scarlet: '#d4302a',
  ruby: '#9b1b30',
  pink: '#ec8cae',
  rose: '#e0607e',
  coral: '#f07f68',
  peach: '#f6b58f',
  orange: '#f08a24',
  amber: '#f2a51a',
  yellow: '#f5d33f',
  gold: '#d9a92b',
  golden: '#d9a92b',
  lemon: '#f4e65c',
  green: '#4f9a44',
  emerald: '#1f8a5a',
  olive: '#7d8a35',
  mint: '#98dbb4',
  sage: '#9cae88',
  teal: '#1f8c8c',
  turquoise: '#3cc0c0',
  blue: '#3465b8',
  navy: '#1d2f6b',
  sky: '#8cc3ea',
  azure: '#3d8fe0',
  cobalt: '#2b4fb0',
  purple: '#7a3ea0',
  violet: '#8a5cc8',
  lavender: '#b9a2dc',
  lilac: '#c7a6d8',
  magenta: '#c42d8c',
  brown: '#7a4e2d',
  ginger: '#d9772e',
  rust: '#b5532a',
  chocolate: '#5a3620',
  tan: '#c89a6a',
  beige: '#e3cfa8',
  cream: '#f4ead0',
  ivory: '#f6f0dc',
  white: '#f7f7f2',
  black: '#23221f',
  grey: '#8a8d91',
  gray: '#8a8d91',
  silver: '#b8bcc2',
};

export interface Reading {
  subjects: Subject[];
  colours: string[];
  mood: Mood;
}

/** Subjects (at most three, in the order named), colour words and mood of a prompt. */
export function readPrompt(prompt: string): Reading {
  const words = prompt.toLowerCase().match(/[a-z]+/g) ?? [];
  const stems = words.map((word) => word.replace(/(es|s)$/, ''));
  const names = (list: readonly string[]): boolean => stems.some((stem, i) => list.includes(stem) || list.includes(words[i]!));
  const subjects: Subject[] = [];
  for (const [i, stem] of stems.entries()) {
    const match = SUBJECTS.find(({ words: list }) => (list as readonly string[]).includes(stem) || (list as readonly string[]).includes(words[i]!));
    if (match && !subjects.includes(match.name)) subjects.push(match.name);
  }
  return {
    subjects: subjects.slice(0, 3),
    colours: words.filter((word) => word in COLOURS).map((word) => COLOURS[word]!),
    mood: MOODS.find(({ words: list }) => names(list))?.mood ?? 'day',
  };
}
