/**
 * The fixed cast of the demo: users, their blogs and ~40 strangers' blogs.
 * seed.ts turns this into rows (posts are generated from each blog's vocabulary).
 */

export interface BlogSeed {
  name: string;
  title: string;
  /** One line about the blog; used in descriptions and post text. */
  about: string;
  /** Topic nouns used when generating post text. */
  words: string[];
  tags: string[];
  /** Index into PALETTES; defaults to a hash of the name. */
  palette?: number;
  font?: string;
  title_font_weight?: 'bold' | 'regular';
  avatar_shape?: 'circle' | 'square';
  show_header_image?: boolean;
  /** false: the header image is shown at its own size at most, not stretched (global_theme_params). */
  header_stretch?: boolean;
  show_avatar?: boolean;
  show_title?: boolean;
  show_description?: boolean;
  /** Full HTML description; otherwise generated from a template. */
  description?: string;
  cname?: string;
  asks?: boolean;
  anonymous_asks?: boolean;
  submissions?: boolean;
  can_receive_messages?: boolean;
  messages_from_followed_only?: boolean;
  is_messaging_bot?: boolean;
  /** Number of posts to generate; defaults to a random 8–28. */
  posts?: number;
}

export interface UserSeed {
  name: string;
  blogs: string[]; // first is primary
  is_verified_email: boolean;
  can_message: boolean;
  liked_post_count: number;
}

/** [background_color, title_color, link_color] */
export const PALETTES: ReadonlyArray<readonly [string, string, string]> = [
  ['#FAFAF7', '#222222', '#C0392B'],
  ['#1B1F3B', '#F5E9DA', '#FF7A59'],
  ['#F4EDE1', '#3A2E2A', '#9A6B3F'],
  ['#0F2027', '#E0F7FA', '#4DD0E1'],
  ['#FFFFFF', '#444444', '#529ECC'],
  ['#2C3E50', '#ECF0F1', '#F1C40F'],
  ['#FDF6E3', '#586E75', '#268BD2'],
  ['#111111', '#F8F8F2', '#FF79C6'],
  ['#E8F5E9', '#1B5E20', '#2E7D32'],
  ['#FFF8E1', '#5D4037', '#E65100'],
  ['#EDE7F6', '#311B92', '#6A1B9A'],
  ['#36465D', '#FFFFFF', '#A8D1FF'],
  ['#FCE4EC', '#880E4F', '#D81B60'],
  ['#263238', '#FFCC80', '#80CBC4'],
];

export const TITLE_FONTS = [
  'Gibson',
  'Helvetica Neue',
  'Georgia',
  'Courier New',
  'Lorimer No 2',
  'Baskerville',
  'Futura',
  'Garamond',
  'Avalon',
  'Brutal Type',
  'Sofia Pro',
  'Alternate Gothic',
  'Bodoni',
  'Clarendon',
  'Fairplex',
  'Typewriter',
  'Arquitecta',
  'Sabon',
  'Streetscript',
] as const;

export const XSS_PAYLOADS: readonly string[] = [
  // From /work/shared/xss/dompurify-vectors.json (cure53/DOMPurify test fixtures).
  // Iframe inside option element
  '<option><iframe></select><b><script>alert(1)</script>',
  // mXSS Variation II
  "<img src=x id/=' onerror=alert(1)//'>",
  // DOM clobbering attack using activeElement
  '<image name=activeElement><svg onload=alert(1)>',
  // Bypass using DOM bugs when dealing with JS URIs in arbitrary attributes
  '<a href="javascript:123" onclick="alert(1)">CLICK ME (bypass by @shafigullin)</a>',
  // autofocus + onfocus
  '<div id="7"><input onfocus=alert(7) autofocus>//["\'`-->]]>]</div>',
  // comment-confusion img onerror
  '<div id="37"><!--<img src="--><img src=x onerror=alert(37)//">//["\'`-->]]>]</div>',
  // mXSS with SVG in Chrome 77 and alike 1/2
  '<svg></p><textarea><title><style></textarea><img src=x onerror=alert(1)></style></title></svg>',
  // mXSS with SVG Templates in Chrome 77 and alike
  '<svg></p><title><template><style></title><img src=x onerror=alert(1)>',
  // safe usage of URI-like attribute values (see #135)
  '<b href="javascript:alert(1)" title="javascript:alert(2)"></b>',
  // SVG g onload
  '<div id="11"><svg xmlns="http://www.w3.org/2000/svg"><g onload="javascript:alert(11)"></g></svg>//["\'`-->]]>]</div>',
];

/**
 * The staff member: a user who may flip a blog's staff flags (authoring spec §6). Seeded after
 * everything else (db/staff-seed.ts) and not in BLOGS, so no other seeded id or text moves.
 */
export const STAFF_USER = 'staff';
export const STAFF_BLOG: BlogSeed = {
  name: 'staff',
  title: 'Staff',
  about: 'News and notes from the tumblelog team',
  words: ['release note', 'policy', 'community'],
  tags: ['staff', 'news'],
  palette: 11,
  font: 'Gibson',
  avatar_shape: 'square',
  asks: false,
  submissions: false,
  posts: 0,
  description: '<p>News and notes from the tumblelog team. We look after the site: spam, sensitive content and suspensions.</p>',
};
/** Whom the staff member follows (their dashboard has posts, and blog cards to open). */
export const STAFF_FOLLOWS = ['bob', 'glitch-art-daily', 'moss-and-stone'] as const;

export const USERS: readonly UserSeed[] = [
  { name: 'alice', blogs: ['alice', 'alice-sketches'], is_verified_email: true, can_message: true, liked_post_count: 128 },
  { name: 'bob', blogs: ['bob'], is_verified_email: true, can_message: true, liked_post_count: 17 },
  { name: 'carol', blogs: ['carol'], is_verified_email: false, can_message: true, liked_post_count: 0 },
];

export const BLOGS: readonly BlogSeed[] = [
  {
    name: 'alice',
    title: 'Alice in Dataland',
    about: 'Charts, rabbit holes and the occasional tea party',
    words: ['spreadsheet', 'rabbit hole', 'teapot', 'chart', 'pocket watch', 'looking glass'],
    tags: ['data', 'tea', 'rabbit holes'],
    palette: 4,
    font: 'Gibson',
    avatar_shape: 'circle',
    anonymous_asks: false,
    posts: 26,
    description:
      '<p>Charts, rabbit holes and the occasional tea party. I also draw over at <a href="https://alice-sketches.example/">alice-sketches</a>.</p><p>Start with <a href="/tagged/data">#data</a> or browse the <a href="archive">archive</a>. Write to me: <a href="mailto:alice@example.com">alice@example.com</a></p>',
  },
  {
    name: 'alice-sketches',
    title: 'Sketchbook',
    about: 'Pencil, ink and the odd watercolour',
    words: ['pencil', 'ink wash', 'sketchbook', 'watercolour', 'gesture drawing'],
    tags: ['sketch', 'ink', 'art'],
    palette: 2,
    font: 'Garamond',
    avatar_shape: 'square',
    submissions: false,
    posts: 14,
  },
  {
    name: 'bob',
    title: 'Bob Builds Things',
    about: 'Woodworking, synths and half-finished projects',
    words: ['workbench', 'dovetail joint', 'modular synth', 'soldering iron', 'birdhouse', 'oscillator'],
    tags: ['woodworking', 'synth', 'diy'],
    palette: 13,
    font: 'Futura',
    avatar_shape: 'square',
    anonymous_asks: true,
    posts: 28,
  },
  {
    name: 'carol',
    title: 'carol writes',
    about: 'Short fiction and long walks',
    words: ['notebook', 'short story', 'walk', 'harbour', 'train window'],
    tags: ['writing', 'fiction'],
    palette: 6,
    font: 'Georgia',
    posts: 5,
  },
  {
    name: 'chatty-bot',
    title: 'Chatty the Bot',
    about: 'A friendly robot that answers every message',
    words: ['robot', 'circuit', 'reply', 'beep'],
    tags: ['bots', 'robots'],
    palette: 3,
    font: 'Courier New',
    avatar_shape: 'circle',
    is_messaging_bot: true,
    asks: false,
    submissions: false,
    posts: 3,
    description:
      '<p>Beep boop. Send me a message and I will answer in about two seconds. <a href="https://example.com/bots">How I work</a></p>',
  },
  {
    name: 'xss-lab',
    title: 'XSS Lab <script>alert("title")</script>',
    about: 'Payloads the client must neutralise',
    words: ['payload', 'sanitiser', 'vector'],
    tags: ['security', '<img src=x onerror=alert(1)>'],
    palette: 7,
    font: 'Courier New',
    posts: 6,
    description: `<p>This blog's description is hostile on purpose. Every payload below must render inert.</p>${XSS_PAYLOADS.join('\n')}<p><a href="javascript:alert('description')">a javascript: link</a></p>`,
  },
  // ---- strangers ----
  {
    name: 'moss-and-stone',
    title: 'Moss & Stone',
    about: 'Quiet gardens, dry-stone walls and lichen',
    words: ['lichen', 'dry-stone wall', 'fern', 'moss', 'garden path'],
    tags: ['gardens', 'moss', 'stone'],
    palette: 8,
    font: 'Baskerville',
    cname: 'mossandstone.example',
    asks: false,
    anonymous_asks: false,
  },
  {
    name: 'night-owl-radio',
    title: 'Night Owl Radio',
    about: 'Late-night mixes for people who should be asleep',
    words: ['mixtape', 'vinyl', 'late show', 'b-side', 'radio tower'],
    tags: ['music', 'radio', 'night'],
    palette: 1,
    font: 'Alternate Gothic',
    cname: 'radio.nightowl.example',
    anonymous_asks: true,
  },
  {
    name: 'paper-planes',
    title: 'paper planes',
    about: 'Folding things and letting them go',
    words: ['paper plane', 'origami crane', 'fold', 'glide path'],
    tags: ['origami', 'paper'],
    palette: 0,
    font: 'Sofia Pro',
  },
  {
    name: 'tiny-kitchen',
    title: 'The Tiny Kitchen',
    about: 'Big recipes from a two-burner stove',
    words: ['skillet', 'sourdough', 'dumpling', 'pickle jar', 'stew'],
    tags: ['recipes', 'food', 'cooking'],
    palette: 9,
    font: 'Clarendon',
    anonymous_asks: true,
  },
  {
    name: 'pixel-garden',
    title: 'Pixel Garden',
    about: '16-colour flowers, grown one pixel at a time',
    words: ['sprite', 'palette', 'tile', 'pixel flower'],
    tags: ['pixel art', 'gamedev'],
    palette: 10,
    font: 'Typewriter',
    avatar_shape: 'square',
  },
  {
    name: 'the-daily-fern',
    title: 'The Daily Fern',
    about: 'One fern a day, every day',
    words: ['fern', 'frond', 'spore', 'fiddlehead'],
    tags: ['ferns', 'plants', 'botany'],
    palette: 8,
    font: 'Georgia',
  },
  {
    name: 'vintage-maps',
    title: 'Vintage Maps',
    about: 'Old maps, sea monsters and wrong coastlines',
    words: ['atlas', 'compass rose', 'sea monster', 'coastline', 'cartouche'],
    tags: ['maps', 'history', 'cartography'],
    palette: 2,
    font: 'Bodoni',
    can_receive_messages: false,
  },
  {
    name: 'cloud-atlas-notes',
    title: 'Cloud Atlas Notes',
    about: 'A field guide to the sky above my balcony',
    words: ['cumulus', 'cirrus', 'anvil cloud', 'contrail', 'halo'],
    tags: ['clouds', 'weather', 'sky'],
    palette: 6,
    font: 'Avalon',
    description:
      '<p>A field guide to the sky above my balcony, updated whenever something interesting floats by. I started this in a long grey winter and kept going because every day is different, even the boring ones.</p><p>Favourite tags: <a href="/tagged/clouds">#clouds</a>, <a href="/tagged/halo">#halo</a>, <a href="/tagged/contrails">#contrails</a>. Corrections welcome via <a href="mailto:clouds@example.com">e-mail</a>.</p><p>The Cloud Appreciation Society lives at <a href="https://cloudappreciationsociety.org/">cloudappreciationsociety.org</a>. Photos are mine unless credited; please ask before reposting anywhere else. The <a href="archive">archive</a> goes back three years.</p><p>Equipment: one phone, one balcony, far too much patience.</p>',
  },
  {
    name: 'neon-tide',
    title: 'NEON TIDE',
    about: 'Synthetic sunsets and glowing beaches',
    words: ['neon sign', 'tide pool', 'sunset', 'arcade'],
    tags: ['neon', 'aesthetic'],
    palette: 7,
    font: 'Futura',
    title_font_weight: 'bold',
  },
  {
    name: 'slow-cinema',
    title: 'Slow Cinema',
    about: 'Long takes and longer silences',
    words: ['long take', 'tracking shot', 'film reel', 'projector'],
    tags: ['film', 'cinema'],
    palette: 13,
    font: 'Garamond',
    can_receive_messages: false,
  },
  {
    name: 'brutalist-lunch',
    title: 'brutalist lunch',
    about: 'Concrete buildings and the sandwiches eaten in front of them',
    words: ['concrete', 'sandwich', 'stairwell', 'facade'],
    tags: ['architecture', 'brutalism', 'lunch'],
    palette: 4,
    font: 'Brutal Type',
    submissions: false,
    avatar_shape: 'square',
  },
  {
    name: 'cat-facts-hourly',
    title: 'Cat Facts (Hourly)',
    about: 'A fact about cats. Every hour. No exceptions.',
    words: ['whisker', 'tail', 'nap', 'cardboard box', 'purr'],
    tags: ['cats', 'facts'],
    palette: 12,
    font: 'Gibson',
  },
  {
    name: 'synthwave-sunday',
    title: 'Synthwave Sunday',
    about: 'Retro synth every Sunday, sometimes Monday',
    words: ['arpeggio', 'drum machine', 'chrome', 'sunset grid'],
    tags: ['synthwave', 'music'],
    palette: 1,
    font: 'Alternate Gothic',
  },
  {
    name: 'ink-and-pixels',
    title: 'Ink & Pixels',
    about: 'Comics drawn on paper and finished on screen',
    words: ['panel', 'speech bubble', 'inking', 'gutter'],
    tags: ['comics', 'art'],
    palette: 0,
    font: 'Sofia Pro',
  },
  {
    name: 'quiet-corner',
    title: 'a quiet corner',
    about: 'Not much here yet',
    words: ['armchair', 'lamp'],
    tags: ['quiet'],
    palette: 6,
    font: 'Georgia',
    posts: 1,
  },
  {
    name: 'brand-new-blog',
    title: 'Brand New Blog',
    about: 'Just getting started',
    words: ['hello'],
    tags: [],
    palette: 4,
    font: 'Gibson',
    posts: 0,
  },
  {
    name: 'one-hit-wonder',
    title: 'One Hit Wonder',
    about: 'Posted once, went viral, never again',
    words: ['hit single', 'chorus'],
    tags: ['music'],
    palette: 5,
    font: 'Futura',
    posts: 1,
  },
  {
    name: 'do-not-disturb',
    title: 'Do Not Disturb',
    about: 'No asks, no messages, no submissions. Just posts.',
    words: ['closed door', 'headphones', 'silence'],
    tags: ['introvert'],
    palette: 13,
    font: 'Helvetica Neue',
    asks: false,
    submissions: false,
    can_receive_messages: false,
  },
  {
    name: 'no-questions-please',
    title: 'No Questions, Please',
    about: 'I read everything but I answer nothing',
    words: ['question mark', 'answer'],
    tags: ['misc'],
    palette: 0,
    font: 'Georgia',
    asks: false,
    submissions: false,
  },
  {
    name: 'field-recordings',
    title: 'Field Recordings',
    about: 'Sounds of places, recorded on location',
    words: ['microphone', 'rainfall', 'birdsong', 'train station'],
    tags: ['sound', 'field recording', 'audio'],
    palette: 3,
    font: 'Typewriter',
  },
  {
    name: 'grandmas-recipes',
    title: "Grandma's Recipes",
    about: 'Handwritten cards, transcribed with love',
    words: ['recipe card', 'apple pie', 'casserole', 'pound cake'],
    tags: ['recipes', 'baking', 'family'],
    palette: 9,
    font: 'Streetscript',
  },
  {
    name: 'orbital-mechanics',
    title: 'Orbital Mechanics',
    about: 'Rockets, orbits and delta-v budgets',
    words: ['rocket', 'orbit', 'delta-v', 'launch window', 'gravity assist'],
    tags: ['space', 'rockets', 'physics'],
    palette: 11,
    font: 'Futura',
  },
  {
    name: 'lofi-study',
    title: 'lofi beats to study to',
    about: 'Beats, rain and a cat on the windowsill',
    words: ['beat', 'rainy window', 'study session', 'headphones'],
    tags: ['lofi', 'music', 'study'],
    palette: 10,
    font: 'Sofia Pro',
  },
  {
    name: 'urban-sketchers',
    title: 'Urban Sketchers',
    about: 'We draw the city on location, one sketch at a time',
    words: ['street corner', 'sketch', 'tram', 'rooftop'],
    tags: ['urban sketching', 'art', 'sketch'],
    palette: 2,
    font: 'Avalon',
    description:
      '<p>We draw the city on location, one sketch at a time. See <a href="/tagged/art">#art</a>, the <a href="archive">archive</a>, or our <a href="https://urbansketchers.example.org/manifesto">manifesto</a>.</p><p>Meetups every Sunday — <a href="mailto:meetups@urbansketchers.example.org">join us</a>.</p>',
  },
  {
    name: 'tea-ceremony',
    title: 'Tea Ceremony',
    about: 'Leaves, water, time',
    words: ['matcha', 'teapot', 'kettle', 'oolong'],
    tags: ['tea'],
    palette: 8,
    font: 'Garamond',
  },
  {
    name: 'typewriter-poems',
    title: 'typewriter poems',
    about: 'Poems typed on a 1962 Olivetti',
    words: ['typewriter', 'ribbon', 'stanza', 'carriage return'],
    tags: ['poetry', 'typewriter'],
    palette: 2,
    font: 'Typewriter',
  },
  {
    name: 'mushroom-hunter',
    title: 'The Mushroom Hunter',
    about: 'Forest walks and things that grow in the dark',
    words: ['chanterelle', 'spore print', 'forest floor', 'mycelium'],
    tags: ['mushrooms', 'fungi', 'nature'],
    palette: 9,
    font: 'Clarendon',
  },
  {
    name: 'retro-computing',
    title: 'Retro Computing',
    about: 'Beige boxes, floppy disks and blinking cursors',
    words: ['floppy disk', 'CRT', 'motherboard', 'BASIC listing', 'modem'],
    tags: ['retro', 'computers', 'vintage tech'],
    palette: 13,
    font: 'Courier New',
    description:
      '<p>Beige boxes, floppy disks and blinking cursors. <a href="/tagged/retro">#retro</a> · <a href="archive">archive</a> · <a href="https://example.org/retro-faq">FAQ</a></p><p><a href="javascript:alert(\'retro\')">Click here for a free floppy</a></p>',
  },
  {
    name: 'sea-glass',
    title: 'Sea Glass',
    about: 'Beachcombing finds, sorted by colour',
    words: ['sea glass', 'tide line', 'pebble', 'driftwood'],
    tags: ['beach', 'sea glass', 'collecting'],
    palette: 3,
    font: 'Avalon',
    cname: 'seaglass.example.org',
  },
  {
    name: 'ferris-wheel',
    title: 'Ferris Wheel',
    about: 'Fairgrounds, funfairs and cotton candy',
    words: ['ferris wheel', 'carousel', 'cotton candy', 'funfair'],
    tags: ['fairground', 'nostalgia'],
    palette: 12,
    font: 'Fairplex',
  },
  {
    name: 'midnight-snacks',
    title: 'midnight snacks',
    about: 'Food, but after midnight',
    words: ['toast', 'instant noodles', 'fridge light', 'cereal'],
    tags: ['food', 'night'],
    palette: 7,
    font: 'Gibson',
    anonymous_asks: true,
  },
  {
    name: 'bookbinding-club',
    title: 'Bookbinding Club',
    about: 'Signatures, stitches and glue',
    words: ['signature', 'linen thread', 'bone folder', 'book cloth'],
    tags: ['bookbinding', 'crafts', 'books'],
    palette: 2,
    font: 'Baskerville',
  },
  {
    name: 'weather-report',
    title: 'Weather Report',
    about: 'Forecasts nobody asked for',
    words: ['barometer', 'cold front', 'drizzle', 'heatwave'],
    tags: ['weather'],
    palette: 11,
    font: 'Helvetica Neue',
  },
  {
    name: 'tidepool-life',
    title: 'Tidepool Life',
    about: 'Anemones, crabs and other tiny neighbours',
    words: ['anemone', 'hermit crab', 'starfish', 'barnacle'],
    tags: ['ocean', 'marine biology'],
    palette: 3,
    font: 'Sofia Pro',
  },
  {
    name: 'letterpress',
    title: 'Letterpress',
    about: 'Lead type, ink and a very heavy press',
    words: ['lead type', 'platen', 'composing stick', 'ink roller'],
    tags: ['letterpress', 'typography', 'printing'],
    palette: 0,
    font: 'Bodoni',
    header_stretch: false,
    messages_from_followed_only: true,
  },
  {
    name: 'minimal-desk',
    title: 'minimal desk',
    about: 'Desks with nothing on them',
    words: ['desk', 'lamp', 'monitor arm', 'notebook'],
    tags: ['minimalism', 'workspace'],
    palette: 4,
    font: 'Helvetica Neue',
    show_header_image: false,
  },
  {
    name: 'small-birds',
    title: 'Small Birds',
    about: 'Wrens, finches, tits and other small birds',
    words: ['wren', 'goldfinch', 'bird feeder', 'nest'],
    tags: ['birds', 'birdwatching', 'nature'],
    palette: 8,
    font: 'Georgia',
  },
  {
    name: 'glitch-art-daily',
    title: 'GLITCH ART DAILY',
    about: 'Corrupted files, lovingly curated',
    words: ['datamosh', 'scanline', 'corrupted jpeg', 'channel shift'],
    tags: ['glitch', 'art'],
    palette: 7,
    font: 'Brutal Type',
    show_avatar: false,
  },
  {
    name: 'haiku-machine',
    title: 'haiku machine',
    about: 'Five, seven, five',
    words: ['syllable', 'autumn moon', 'frog', 'old pond'],
    tags: ['haiku', 'poetry'],
    palette: 6,
    font: 'Garamond',
    anonymous_asks: true,
    show_title: false,
  },
  {
    name: 'analog-dreams',
    title: 'Analog Dreams',
    about: 'Film photography and expired stock',
    words: ['film roll', 'darkroom', 'light leak', 'contact sheet'],
    tags: ['film photography', 'analog'],
    palette: 10,
    font: 'Futura',
    show_description: false,
  },
  {
    name: 'kite-season',
    title: 'Kite Season',
    about: 'Windy hills and tangled strings',
    words: ['kite', 'string', 'hilltop', 'gust'],
    tags: ['kites', 'outdoors'],
    palette: 5,
    font: 'Sofia Pro',
  },
  {
    name: 'lighthouse-keeper',
    title: 'The Lighthouse Keeper',
    about: 'Logbook entries from a rock in the sea',
    words: ['lighthouse', 'foghorn', 'lantern room', 'storm'],
    tags: ['lighthouses', 'sea'],
    palette: 11,
    font: 'Clarendon',
  },
  {
    name: 'cozy-games',
    title: 'Cozy Games',
    about: 'Farming, fishing and villagers who love you',
    words: ['turnip farm', 'fishing rod', 'villager', 'save file'],
    tags: ['games', 'cozy'],
    palette: 12,
    font: 'Gibson',
  },
  {
    name: 'bread-crumbs',
    title: 'bread crumbs',
    about: 'Notes on sourdough and other slow things',
    words: ['starter', 'crumb shot', 'banneton', 'crust'],
    tags: ['bread', 'baking'],
    palette: 9,
    font: 'Georgia',
  },
];

/** Who follows whom (follower → followed). Subscribed pairs in SUBSCRIPTIONS. */
export const FOLLOWS: Readonly<Record<string, readonly string[]>> = {
  alice: [
    'bob',
    'moss-and-stone',
    'night-owl-radio',
    'paper-planes',
    'tiny-kitchen',
    'pixel-garden',
    'the-daily-fern',
    'vintage-maps',
    'cloud-atlas-notes',
    'neon-tide',
    'retro-computing',
    'quiet-corner',
    'synthwave-sunday',
    'urban-sketchers',
    'chatty-bot',
  ],
  'alice-sketches': ['alice', 'urban-sketchers', 'ink-and-pixels', 'letterpress'],
  bob: ['alice', 'lofi-study', 'field-recordings', 'retro-computing', 'weather-report', 'mushroom-hunter', 'orbital-mechanics'],
  carol: ['bob', 'tea-ceremony', 'small-birds', 'typewriter-poems'],
  'chatty-bot': ['alice', 'bob', 'carol'],
};

export const SUBSCRIPTIONS: ReadonlyArray<readonly [string, string]> = [
  ['alice', 'bob'],
  ['alice', 'moss-and-stone'],
  ['alice', 'tiny-kitchen'],
];

export const BLOCKS: ReadonlyArray<readonly [string, string]> = [['carol', 'cat-facts-hourly']];

/** Blogs shown in the dashboard's Radar box (alice follows none of them). */
export const RADAR = ['slow-cinema', 'sea-glass', 'xss-lab', 'one-hit-wonder'] as const;
