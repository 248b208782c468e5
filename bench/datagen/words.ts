// Title words of the generated catalog, per language, so that search finds (and misspells) real
// words in each language's own text search configuration. Index i means the same thing everywhere.
export const LANGS = ['en', 'es', 'fy', 'dy', 'pt'] as const;

export const NOUNS: Record<(typeof LANGS)[number], string[]> = {
  en: ['Billionaire', 'Heir', 'Contract', 'Revenge', 'Secret', 'Bride', 'Queen', 'Wolf', 'Doctor', 'Mafia'],
  es: ['Millonario', 'Heredero', 'Contrato', 'Venganza', 'Secreto', 'Novia', 'Reina', 'Lobo', 'Doctora', 'Mafia'],
  fy: ['Milliardaire', 'Héritier', 'Contrat', 'Vengeance', 'Secret', 'Mariée', 'Reine', 'Loup', 'Docteur', 'Mafia'],
  dy: ['Milliardär', 'Erbe', 'Vertrag', 'Rache', 'Geheimnis', 'Braut', 'Königin', 'Wolf', 'Ärztin', 'Mafia'],
  pt: ['Bilionário', 'Herdeiro', 'Contrato', 'Vingança', 'Segredo', 'Noiva', 'Rainha', 'Lobo', 'Médica', 'Máfia'],
};

export const MORE_NOUNS: Record<(typeof LANGS)[number], string[]> = {
  en: ['Destiny', 'Marriage', 'Betrayal', 'Fortune', 'Twins', 'Kingdom', 'Alpha', 'Moon', 'Empire', 'Promise'],
  es: ['Destino', 'Matrimonio', 'Traición', 'Fortuna', 'Gemelos', 'Reino', 'Alfa', 'Luna', 'Imperio', 'Promesa'],
  fy: ['Destin', 'Mariage', 'Trahison', 'Fortune', 'Jumeaux', 'Royaume', 'Alpha', 'Lune', 'Empire', 'Promesse'],
  dy: ['Schicksal', 'Ehe', 'Verrat', 'Vermögen', 'Zwillinge', 'Königreich', 'Alpha', 'Mond', 'Imperium', 'Versprechen'],
  pt: ['Destino', 'Casamento', 'Traição', 'Fortuna', 'Gêmeos', 'Reino', 'Alfa', 'Lua', 'Império', 'Promessa'],
};

export const ADJECTIVES: Record<(typeof LANGS)[number], string[]> = {
  en: ['Hidden', 'Forbidden', 'Runaway', 'Lost', 'Royal', 'Cold', 'Fake', 'Second', 'Midnight', 'Eternal'],
  es: ['Oculto', 'Prohibido', 'Fugitivo', 'Perdido', 'Real', 'Frío', 'Falso', 'Segundo', 'Medianoche', 'Eterno'],
  fy: ['Caché', 'Interdit', 'Fugitif', 'Perdu', 'Royal', 'Froid', 'Faux', 'Second', 'Minuit', 'Éternel'],
  dy: ['Verborgen', 'Verboten', 'Flüchtig', 'Verloren', 'Königlich', 'Kalt', 'Falsch', 'Zweite', 'Mitternacht', 'Ewig'],
  pt: ['Oculto', 'Proibido', 'Fugitivo', 'Perdido', 'Real', 'Frio', 'Falso', 'Segundo', 'Meia-noite', 'Eterno'],
};

/** A sentence around three nouns, per language: the synopsis' words are searchable too. */
export const SYNOPSIS: Record<(typeof LANGS)[number], [string, string, string, string]> = {
  en: ['A story of ', ', ', ' and ', ' told in short episodes that end on a twist.'],
  es: ['Una historia de ', ', ', ' y ', ' contada en episodios cortos que terminan en un giro.'],
  fy: ['Une histoire de ', ', ', ' et ', ' racontée en épisodes courts qui finissent sur un rebondissement.'],
  dy: ['Eine Geschichte von ', ', ', ' und ', ', erzählt in kurzen Folgen mit einer Wendung am Ende.'],
  pt: ['Uma história de ', ', ', ' e ', ' contada em episódios curtos que terminam numa reviravolta.'],
};

export const EPISODE_WORD: Record<(typeof LANGS)[number], string> = {
  en: 'Episode',
  es: 'Episodio',
  fy: 'Épisode',
  dy: 'Folge',
  pt: 'Episódio',
};

/** A search with a typo per language (a word of NOUNS misspelled), as the benchmark sends it. */
export const TYPOS: Record<(typeof LANGS)[number], string> = {
  en: 'billionare',
  es: 'vengaza',
  fy: 'milliardair',
  dy: 'geheimnis verat',
  pt: 'bilionario',
};

export const TAGS = [
  'Romance',
  'Revenge',
  'CEO',
  'Werewolf',
  'Family',
  'Comedy',
  'Thriller',
  'Fantasy',
  'Historical',
  'Medical',
  'Mafia',
  'Campus',
  'Rebirth',
  'Sweet',
  'Drama',
  'Mystery',
  'Action',
  'Royal',
  'Second Chance',
  'Hidden Identity',
];
