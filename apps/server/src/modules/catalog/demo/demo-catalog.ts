/**
 * Demo catalog: the tags, series and home-screen sections a fresh install starts with.
 *
 * Languages: `fy` holds French text and `dy` German text. French strings use a no-break
 * space before `: ; ? !` and inside « », as French typography requires.
 */

export type Lang = 'en' | 'es' | 'fy' | 'dy' | 'pt';
export type Localized = Record<Lang, string>;

export interface DemoTag {
  slug: string;
  name: Localized;
}

export interface DemoSeries {
  /** Kebab-case, unique. */
  slug: string;
  title: Localized;
  synopsis: Localized;
  /** 1–3 tag slugs from DEMO_TAGS. */
  tags: string[];
  /** Set in an Asian setting (shown in the "Asian stories" rail). */
  asian: boolean;
  /** 0–359, a distinct color per series for generated artwork. */
  hue: number;
  /** 220–880, distinct per series: the audio tone of generated clips. */
  toneHz: number;
  /** Between 8 and 30. */
  episodes: number;
  /** The first N episodes are free: 2–5. */
  freeEpisodes: number;
  /** Coins per locked episode: 30–80, a multiple of 5. */
  unlockCost: number;
  episodeTitles?: Localized[];
}

export interface DemoSection {
  slug: string;
  kind: 'featured' | 'curated' | 'categories' | 'trending';
  title: Localized;
  /** Series slugs, for featured and curated sections. */
  series?: string[];
  /** Tag slugs, for categories sections. */
  tags?: string[];
}

export const DEMO_TAGS: DemoTag[] = [
  {
    slug: 'romance',
    name: { en: 'Romance', es: 'Romance', fy: 'Romance', dy: 'Romantik', pt: 'Romance' },
  },
  {
    slug: 'ceo',
    name: {
      en: 'Billionaires & CEOs',
      es: 'Millonarios y CEO',
      fy: 'Milliardaires et PDG',
      dy: 'Milliardäre & CEOs',
      pt: 'Bilionários e CEOs',
    },
  },
  {
    slug: 'revenge',
    name: { en: 'Revenge', es: 'Venganza', fy: 'Vengeance', dy: 'Rache', pt: 'Vingança' },
  },
  {
    slug: 'fantasy',
    name: {
      en: 'Fantasy & Paranormal',
      es: 'Fantasía y paranormal',
      fy: 'Fantastique et surnaturel',
      dy: 'Fantasy & Übernatürliches',
      pt: 'Fantasia e sobrenatural',
    },
  },
  {
    slug: 'family',
    name: {
      en: 'Family Drama',
      es: 'Drama familiar',
      fy: 'Drame familial',
      dy: 'Familiendrama',
      pt: 'Drama familiar',
    },
  },
  {
    slug: 'thriller',
    name: { en: 'Thriller', es: 'Thriller', fy: 'Thriller', dy: 'Thriller', pt: 'Suspense' },
  },
  {
    slug: 'historical',
    name: {
      en: 'Period Drama',
      es: 'De época',
      fy: 'Historique',
      dy: 'Historiendrama',
      pt: 'De época',
    },
  },
];

export const DEMO_SERIES: DemoSeries[] = [
  {
    slug: 'the-tycoons-contract-bride',
    title: {
      en: "The Tycoon's Contract Bride",
      es: 'La novia por contrato del magnate',
      fy: 'La Mariée sous contrat du magnat',
      dy: 'Die Vertragsbraut des Milliardärs',
      pt: 'A noiva por contrato do magnata',
    },
    synopsis: {
      en: "To save her father's failing teahouse, Lin Xiao signs a one-year marriage contract with Gu Chen, Shanghai's coldest tycoon. Rule number one: never fall in love. But when his scheming family starts digging into her past, the fake marriage becomes the most dangerous deal of her life.",
      es: 'Para salvar la casa de té de su padre, al borde de la quiebra, Lin Xiao firma un contrato de matrimonio de un año con Gu Chen, el magnate más frío de Shanghái. Regla número uno: nunca enamorarse. Pero cuando la intrigante familia de él empieza a hurgar en su pasado, el matrimonio falso se convierte en el trato más peligroso de su vida.',
      fy: "Pour sauver la maison de thé de son père, au bord de la faillite, Lin Xiao accepte un mariage sous contrat d'un an avec Gu Chen, le magnat le plus glacial de Shanghai. Règle numéro un : ne jamais tomber amoureuse. Mais quand la famille de Gu, prête à tout, se met à fouiller son passé, ce faux mariage devient le pacte le plus dangereux de sa vie.",
      dy: 'Um das hoch verschuldete Teehaus ihres Vaters zu retten, lässt sich Lin Xiao auf eine Vertragsehe für ein Jahr mit Gu Chen ein, dem eiskältesten Milliardär Shanghais. Regel Nummer eins: Verlieb dich nie. Doch als seine intrigante Familie in ihrer Vergangenheit zu wühlen beginnt, wird die Scheinehe zum gefährlichsten Deal ihres Lebens.',
      pt: 'Para salvar a casa de chá do pai, à beira da falência, Lin Xiao aceita um casamento por contrato de um ano com Gu Chen, o magnata mais frio de Xangai. Regra número um: nunca se apaixonar. Mas quando a família ardilosa dele começa a vasculhar o passado dela, o casamento de fachada vira o acordo mais perigoso de sua vida.',
    },
    tags: ['ceo', 'romance'],
    asian: true,
    hue: 350,
    toneHz: 220,
    episodes: 10,
    freeEpisodes: 3,
    unlockCost: 50,
  },
  {
    slug: 'behind-the-idols-smile',
    title: {
      en: "Behind the Idol's Smile",
      es: 'Tras la sonrisa del ídolo',
      fy: "Derrière le sourire de l'idole",
      dy: 'Hinter dem Lächeln des Idols',
      pt: 'Por trás do sorriso do ídolo',
    },
    synopsis: {
      en: "Ha-eun is a broke makeup artist hired for one night by Seoul's hottest boy band. When she catches its leader, Kang Joon, in tears backstage, he makes her sign an NDA—and hires her full-time to keep her close. A secret crush, a staged scandal and ten million fans watching: one slip, and it all goes viral.",
      es: 'Ha-eun, una maquilladora que no llega a fin de mes, consigue un trabajo de una noche con la boy band más famosa de Seúl. Cuando sorprende a su líder, Kang Joon, llorando entre bastidores, él le hace firmar un acuerdo de confidencialidad… y la contrata a tiempo completo para tenerla cerca. Un amor secreto, un escándalo fingido y diez millones de fans mirando: un solo desliz y todo se hará viral.',
      fy: "Ha-eun, maquilleuse fauchée, est engagée le temps d'une soirée par le boys band le plus en vue de Séoul. Quand elle surprend son leader, Kang Joon, en larmes dans les coulisses, il lui fait signer un accord de confidentialité… et l'embauche à plein temps pour la garder à l'œil. Un béguin secret, un faux scandale et dix millions de fans aux aguets : au moindre faux pas, tout devient viral.",
      dy: 'Die mittellose Visagistin Ha-eun wird für einen einzigen Abend von Seouls angesagtester Boyband gebucht. Als sie deren Leader Kang Joon backstage in Tränen erwischt, lässt er sie eine Verschwiegenheitserklärung unterschreiben – und stellt sie fest ein, um sie im Auge zu behalten. Heimliche Gefühle, ein inszenierter Skandal und zehn Millionen Fans, die zusehen: Ein Fehltritt, und alles geht viral.',
      pt: 'Ha-eun é uma maquiadora sem dinheiro, contratada por uma noite pela boy band mais famosa de Seul. Quando flagra o líder, Kang Joon, chorando nos bastidores, ele a obriga a assinar um termo de confidencialidade — e a contrata em tempo integral para mantê-la por perto. Uma paixão secreta, um escândalo armado e dez milhões de fãs de olho: um deslize, e tudo viraliza.',
    },
    tags: ['romance'],
    asian: true,
    hue: 325,
    toneHz: 247,
    episodes: 8,
    freeEpisodes: 3,
    unlockCost: 45,
  },
  {
    slug: 'the-jade-hairpin',
    title: {
      en: 'The Jade Hairpin',
      es: 'La horquilla de jade',
      fy: "L'Épingle de jade",
      dy: 'Die Jadehaarnadel',
      pt: 'O grampo de jade',
    },
    synopsis: {
      en: "Framed for poisoning the Emperor's favorite consort, Shen Yue watches her whole clan fall in a single night. Three years later she returns to the Tang palace as a humble seamstress, with a new name and her mother's jade hairpin hidden in her sleeve. Every stitch brings her closer to the throne—and to the prince who signed her family's death warrant.",
      es: 'Acusada de envenenar a la concubina favorita del emperador, Shen Yue ve caer a todo su clan en una sola noche. Tres años después regresa al palacio Tang como humilde costurera, con un nombre nuevo y la horquilla de jade de su madre escondida en la manga. Cada puntada la acerca más al trono… y al príncipe que firmó la sentencia de muerte de su familia.',
      fy: "Accusée d'avoir empoisonné la concubine favorite de l'empereur, Shen Yue voit tout son clan tomber en une seule nuit. Trois ans plus tard, elle revient au palais des Tang comme simple couturière, sous un faux nom, l'épingle de jade de sa mère cachée dans sa manche. Chaque point de couture la rapproche du trône… et du prince qui a signé l'arrêt de mort de sa famille.",
      dy: 'Als Giftmörderin der kaiserlichen Lieblingskonkubine verleumdet, sieht Shen Yue ihren ganzen Clan in einer einzigen Nacht untergehen. Drei Jahre später kehrt sie als einfache Näherin an den Hof der Tang zurück – unter falschem Namen, die Jadehaarnadel ihrer Mutter im Ärmel versteckt. Jeder Stich bringt sie dem Thron näher … und dem Prinzen, der das Todesurteil ihrer Familie unterschrieb.',
      pt: 'Acusada de envenenar a concubina favorita do imperador, Shen Yue vê todo o seu clã cair em uma única noite. Três anos depois, ela volta ao palácio Tang como uma humilde costureira, com um novo nome e o grampo de jade da mãe escondido na manga. Cada ponto a aproxima do trono… e do príncipe que assinou a sentença de morte de sua família.',
    },
    tags: ['historical', 'revenge'],
    asian: true,
    hue: 150,
    toneHz: 262,
    episodes: 12,
    freeEpisodes: 5,
    unlockCost: 60,
  },
  {
    slug: 'kitchen-of-second-chances',
    title: {
      en: 'Kitchen of Second Chances',
      es: 'La cocina de las segundas oportunidades',
      fy: 'La Cuisine des secondes chances',
      dy: 'Die Küche der zweiten Chancen',
      pt: 'A cozinha das segundas chances',
    },
    synopsis: {
      en: "After a scandal ends her career at a Michelin-starred restaurant, Aoi Mori comes home to her late grandfather's tiny ramen shop in Tokyo—only to find it promised to a developer. Her one hope is the father who walked out twenty years ago, now the rival chef across the street. One broth, one family recipe, one last chance.",
      es: 'Después de que un escándalo hunda su carrera en un restaurante con estrella Michelin, Aoi Mori vuelve al diminuto local de ramen de su difunto abuelo en Tokio… y descubre que está prometido a una constructora. Su única esperanza es el padre que los abandonó hace veinte años, hoy el chef rival de la acera de enfrente. Un caldo, una receta familiar, una última oportunidad.',
      fy: "Après un scandale qui brise sa carrière dans un restaurant étoilé, Aoi Mori rentre à Tokyo, dans la minuscule échoppe de ramen de son défunt grand-père… qui vient d'être promise à un promoteur. Son seul espoir : le père qui les a abandonnés il y a vingt ans, devenu le chef rival d'en face. Un bouillon, une recette de famille, une dernière chance.",
      dy: 'Nachdem ein Skandal ihre Karriere in der Sterneküche beendet hat, kehrt Aoi Mori in den winzigen Ramen-Laden ihres verstorbenen Großvaters in Tokio zurück und erfährt, dass er an einen Investor gehen soll. Ihre einzige Hoffnung ist ausgerechnet der Vater, der die Familie vor zwanzig Jahren verließ und heute gegenüber das Konkurrenzlokal führt. Eine Brühe, ein Familienrezept, eine letzte Chance.',
      pt: 'Depois que um escândalo acaba com sua carreira num restaurante com estrela Michelin, Aoi Mori volta para a minúscula casa de ramen do falecido avô, em Tóquio — e descobre que ela foi prometida a uma construtora. Sua única esperança é o pai que abandonou a família há vinte anos, hoje o chef rival do outro lado da rua. Um caldo, uma receita de família, uma última chance.',
    },
    tags: ['family', 'romance'],
    asian: true,
    hue: 25,
    toneHz: 294,
    episodes: 8,
    freeEpisodes: 2,
    unlockCost: 35,
  },
  {
    slug: 'the-real-heiress-of-victoria-peak',
    title: {
      en: 'The Real Heiress of Victoria Peak',
      es: 'La verdadera heredera de Victoria Peak',
      fy: 'La Véritable Héritière de Victoria Peak',
      dy: 'Die wahre Erbin vom Victoria Peak',
      pt: 'A verdadeira herdeira de Victoria Peak',
    },
    synopsis: {
      en: "Raised in a cramped Kowloon flat, street-food vendor Mei learns at twenty-five that she was swapped at birth with the pampered daughter of Hong Kong's richest shipping family. Her new family wants her quiet, her “sister” wants her gone, and someone on Victoria Peak wants the truth buried for good. Mei wants her name back—and every last drop of revenge.",
      es: 'Criada en un apartamento diminuto de Kowloon, Mei, que vende comida en la calle, descubre a los veinticinco años que la cambiaron al nacer por la hija mimada de la familia naviera más rica de Hong Kong. Su nueva familia la quiere callada, su «hermana» la quiere lejos y alguien en Victoria Peak quiere enterrar la verdad para siempre. Mei quiere recuperar su nombre… y una venganza a la altura.',
      fy: "Élevée dans un minuscule appartement de Kowloon, Mei, vendeuse de street food, apprend à vingt-cinq ans qu'elle a été échangée à la naissance avec la fille gâtée de la plus riche famille d'armateurs de Hong Kong. Sa nouvelle famille la veut discrète, sa « sœur » la veut loin, et quelqu'un sur Victoria Peak veut enterrer la vérité. Mei, elle, veut retrouver son nom… et sa vengeance.",
      dy: 'Mei verkauft Streetfood in Kowloon – bis sie mit 25 erfährt, dass sie bei der Geburt mit der verwöhnten Tochter der reichsten Reederfamilie Hongkongs vertauscht wurde. Ihre neue Familie will, dass sie schweigt, ihre „Schwester“ will sie loswerden, und jemand auf dem Victoria Peak will die Wahrheit für immer begraben. Mei will ihren Namen zurück – und Rache bis zum letzten Tropfen.',
      pt: 'Criada num apartamento apertado em Kowloon, Mei, vendedora de comida de rua, descobre aos 25 anos que foi trocada na maternidade com a filha mimada da família de armadores mais rica de Hong Kong. A nova família a quer calada, a “irmã” a quer longe, e alguém no alto do Victoria Peak quer enterrar a verdade para sempre. Mei quer seu nome de volta — e vingança até a última gota.',
    },
    tags: ['revenge', 'family'],
    asian: true,
    hue: 48,
    toneHz: 330,
    episodes: 8,
    freeEpisodes: 3,
    unlockCost: 50,
  },
  {
    slug: 'the-fox-spirits-bargain',
    title: {
      en: "The Fox Spirit's Bargain",
      es: 'El pacto del espíritu zorro',
      fy: "Le Pacte de l'esprit renard",
      dy: 'Der Pakt des Fuchsgeistes',
      pt: 'O pacto do espírito raposa',
    },
    synopsis: {
      en: "On a rainy night by Hangzhou's West Lake, art student Xu Qing frees a wounded white fox from a hunter's trap. The next morning a silver-haired stranger is at her door: he owes her a life, and if he can't repay it within 100 days, he loses a thousand years of immortality. Falling for her was never part of the bargain.",
      es: 'Una noche de lluvia, junto al Lago del Oeste de Hangzhou, la estudiante de Bellas Artes Xu Qing libera a un zorro blanco herido de la trampa de un cazador. A la mañana siguiente, un desconocido de cabello plateado llama a su puerta: le debe la vida y, si no salda la deuda en 100 días, perderá mil años de inmortalidad. Enamorarse de ella nunca formó parte del trato.',
      fy: "Un soir de pluie, au bord du lac de l'Ouest à Hangzhou, Xu Qing, étudiante aux Beaux-Arts, libère un renard blanc blessé du piège d'un chasseur. Le lendemain matin, un inconnu aux cheveux argentés frappe à sa porte : il lui doit la vie et, s'il ne paie pas sa dette en 100 jours, il perdra mille ans d'immortalité. Tomber amoureux d'elle n'a jamais fait partie du pacte.",
      dy: 'In einer regnerischen Nacht am Westsee von Hangzhou befreit die Kunststudentin Xu Qing einen verletzten weißen Fuchs aus der Falle eines Jägers. Am nächsten Morgen steht ein silberhaariger Fremder vor ihrer Tür: Er schuldet ihr ein Leben – und wenn er die Schuld nicht binnen 100 Tagen begleicht, verliert er tausend Jahre Unsterblichkeit. Sich in sie zu verlieben, war nie Teil des Pakts.',
      pt: 'Numa noite chuvosa às margens do Lago do Oeste, em Hangzhou, a estudante de artes Xu Qing liberta uma raposa branca ferida da armadilha de um caçador. Na manhã seguinte, um desconhecido de cabelos prateados bate à sua porta: ele lhe deve a vida e, se não pagar a dívida em 100 dias, perderá mil anos de imortalidade. Apaixonar-se por ela nunca fez parte do trato.',
    },
    tags: ['fantasy', 'romance'],
    asian: true,
    hue: 195,
    toneHz: 349,
    episodes: 8,
    freeEpisodes: 3,
    unlockCost: 40,
  },
  {
    slug: 'jilted-i-married-his-billionaire-boss',
    title: {
      en: 'Jilted? I Married His Billionaire Boss',
      es: '¿Plantada? Me casé con su jefe millonario',
      fy: "Larguée à l'autel ? J'épouse son patron milliardaire",
      dy: 'Sitzen gelassen? Ich heirate seinen Milliardärs-Boss',
      pt: 'Abandonada no altar? Casei com o chefe bilionário dele',
    },
    synopsis: {
      en: "Claire Bennett's fiancé leaves her at the altar in front of three hundred guests—for her own stepsister. Humiliated, she says “I do” to the first man who offers: Ethan Cole, the reclusive billionaire who signs her ex's paychecks. Now she lives in his Manhattan penthouse, sits in his boardroom and has a front-row seat to her ex's spectacular downfall.",
      es: 'El prometido de Claire Bennett la deja plantada en el altar ante trescientos invitados… por su propia hermanastra. Humillada, se casa allí mismo con el primer hombre que se ofrece: Ethan Cole, el enigmático multimillonario que le paga el sueldo a su ex. Ahora vive en su ático de Manhattan, se sienta en su consejo de administración y ve desde primera fila la estrepitosa caída de su ex.',
      fy: "Le fiancé de Claire Bennett la plaque à l'autel devant trois cents invités… pour sa propre demi-sœur. Humiliée, elle dit « oui » au premier homme qui se présente : Ethan Cole, le milliardaire reclus qui paie le salaire de son ex. Désormais, elle vit dans son penthouse de Manhattan, siège à son conseil d'administration et assiste aux premières loges à la chute spectaculaire de son ex.",
      dy: 'Claire Bennetts Verlobter lässt sie vor dreihundert Gästen am Altar stehen – für ihre eigene Stiefschwester. Gedemütigt sagt sie Ja zum erstbesten Mann, der sich anbietet: Ethan Cole, dem zurückgezogen lebenden Milliardär, der das Gehalt ihres Ex bezahlt. Jetzt wohnt sie in seinem Penthouse in Manhattan, sitzt in seinem Vorstand und hat einen Logenplatz beim spektakulären Absturz ihres Ex.',
      pt: 'O noivo de Claire Bennett a abandona no altar diante de trezentos convidados — para ficar com a meia-irmã dela. Humilhada, ela diz “sim” ao primeiro homem que se oferece: Ethan Cole, o bilionário recluso que paga o salário do ex. Agora ela mora na cobertura dele em Manhattan, tem lugar na sala do conselho e assiste de camarote à queda espetacular do ex.',
    },
    tags: ['ceo', 'revenge', 'romance'],
    asian: false,
    hue: 235,
    toneHz: 392,
    episodes: 9,
    freeEpisodes: 4,
    unlockCost: 55,
  },
  {
    slug: 'dance-with-me-again',
    title: {
      en: 'Dance With Me Again',
      es: 'Vuelve a bailar conmigo',
      fy: 'Danse encore avec moi',
      dy: 'Tanz noch einmal mit mir',
      pt: 'Dança comigo outra vez',
    },
    synopsis: {
      en: "Ten years ago, flamenco dancer Lucía Vega left Madrid—and Daniel, the man she was about to marry—without a word. Now she's back to save her mother's dance school, with a nine-year-old daughter who has Daniel's eyes. He's engaged to someone else, his father just bought the building, and Lucía's secret won't survive opening night.",
      es: 'Hace diez años, la bailaora Lucía Vega se marchó de Madrid sin decir una palabra y dejó atrás a Daniel, el hombre con quien iba a casarse. Ahora vuelve para salvar la academia de baile de su madre, con una hija de nueve años que tiene los ojos de Daniel. Él está prometido con otra, su padre acaba de comprar el edificio y el secreto de Lucía no sobrevivirá a la noche del estreno.',
      fy: "Il y a dix ans, la danseuse de flamenco Lucía Vega a quitté Madrid sans un mot, abandonnant Daniel, l'homme qu'elle allait épouser. Aujourd'hui, elle revient sauver l'école de danse de sa mère, avec une fillette de neuf ans qui a les yeux de Daniel. Il est fiancé à une autre, son père vient de racheter l'immeuble, et le secret de Lucía ne tiendra pas jusqu'au soir de la première.",
      dy: 'Vor zehn Jahren verließ die Flamencotänzerin Lucía Vega Madrid ohne ein Wort – und Daniel, den Mann, den sie heiraten wollte. Jetzt kehrt sie zurück, um die Tanzschule ihrer Mutter zu retten, mit einer neunjährigen Tochter, die Daniels Augen hat. Er ist mit einer anderen verlobt, sein Vater hat gerade das Gebäude gekauft, und Lucías Geheimnis hält höchstens bis zur Premiere.',
      pt: 'Há dez anos, a bailarina de flamenco Lucía Vega deixou Madri sem dizer uma palavra — e abandonou Daniel, o homem com quem ia se casar. Agora ela volta para salvar a escola de dança da mãe, com uma filha de nove anos que tem os olhos de Daniel. Ele está noivo de outra, o pai dele acabou de comprar o prédio, e o segredo de Lucía não vai sobreviver à noite de estreia.',
    },
    tags: ['romance', 'family'],
    asian: false,
    hue: 5,
    toneHz: 440,
    episodes: 8,
    freeEpisodes: 3,
    unlockCost: 45,
  },
  {
    slug: 'the-brewers-daughter',
    title: {
      en: "The Brewer's Daughter",
      es: 'La hija del cervecero',
      fy: 'La Fille du brasseur',
      dy: 'Die Tochter des Braumeisters',
      pt: 'A filha do cervejeiro',
    },
    synopsis: {
      en: "When her father collapses on the eve of the village beer festival, Munich ad executive Anna Huber rushes back to the Bavarian hometown she swore she'd left for good. The family brewery is drowning in debt, her brothers are fighting over the will, and the charming investor circling the business is the boy whose family the Hubers ruined twenty years ago.",
      es: 'Cuando su padre se desploma en vísperas de la fiesta de la cerveza, Anna Huber, ejecutiva publicitaria en Múnich, vuelve a toda prisa al pueblo bávaro al que juró no volver jamás. La cervecería familiar se ahoga en deudas, sus hermanos se pelean por el testamento y el encantador inversor que ronda el negocio es el chico cuya familia arruinaron los Huber hace veinte años.',
      fy: "Quand son père s'effondre à la veille de la fête de la bière, Anna Huber, publicitaire à Munich, rentre en catastrophe dans son village bavarois, qu'elle avait juré de ne jamais revoir. La brasserie familiale croule sous les dettes, ses frères se déchirent pour l'héritage, et le séduisant investisseur qui lorgne l'affaire est le garçon dont les Huber ont ruiné la famille il y a vingt ans.",
      dy: 'Als ihr Vater kurz vor dem Dorffest zusammenbricht, eilt die Münchner Werbefachfrau Anna Huber zurück in das bayerische Heimatdorf, dem sie für immer den Rücken kehren wollte. Die Familienbrauerei steckt tief in Schulden, ihre Brüder streiten ums Testament, und der charmante Investor, der um den Betrieb herumschleicht, ist der Junge, dessen Familie die Hubers vor zwanzig Jahren ruiniert haben.',
      pt: 'Quando o pai sofre um colapso às vésperas da festa da cerveja do vilarejo, Anna Huber, executiva de publicidade em Munique, volta às pressas para a terra natal na Baviera, para onde jurou nunca mais voltar. A cervejaria da família está afundada em dívidas, os irmãos brigam pelo testamento, e o charmoso investidor que ronda o negócio é o garoto cuja família os Huber arruinaram vinte anos atrás.',
    },
    tags: ['family', 'romance'],
    asian: false,
    hue: 75,
    toneHz: 494,
    episodes: 8,
    freeEpisodes: 2,
    unlockCost: 30,
  },
  {
    slug: 'carnival-of-lies',
    title: {
      en: 'Carnival of Lies',
      es: 'Carnaval de mentiras',
      fy: 'Carnaval de mensonges',
      dy: 'Karneval der Lügen',
      pt: 'Carnaval de mentiras',
    },
    synopsis: {
      en: 'On the last night of Carnival, samba queen Bia Santos is shoved off a float in front of half a million people. Rio mourns her; the police call it an accident. But Bia survived—and behind a new face and a feathered mask, she joins a rival samba school to find out which of her friends wanted her dead.',
      es: 'En la última noche del Carnaval, la reina de la samba Bia Santos es empujada desde una carroza ante medio millón de personas. Río la llora y la policía habla de un accidente. Pero Bia sobrevivió y, oculta tras un rostro nuevo y una máscara de plumas, se une a una escuela rival para descubrir cuál de sus amigos la quería muerta.',
      fy: "Le dernier soir du carnaval, la reine de la samba Bia Santos est poussée d'un char sous les yeux d'un demi-million de spectateurs. Rio la pleure, la police conclut à un accident. Mais Bia a survécu et, cachée derrière un nouveau visage et un masque à plumes, elle intègre une école de samba rivale pour découvrir lequel de ses amis voulait sa mort.",
      dy: 'In der letzten Karnevalsnacht wird Sambakönigin Bia Santos vor einer halben Million Zuschauern von einem Festwagen gestoßen. Rio trauert, die Polizei spricht von einem Unfall. Doch Bia hat überlebt – und schließt sich, versteckt hinter einem neuen Gesicht und einer Federmaske, einer rivalisierenden Sambaschule an, um herauszufinden, wer aus ihrem Freundeskreis sie tot sehen wollte.',
      pt: 'Na última noite de Carnaval, a rainha de bateria Bia Santos é empurrada de um carro alegórico diante de meio milhão de pessoas. O Rio chora sua morte, e a polícia fala em acidente. Mas Bia sobreviveu — e, escondida atrás de um rosto novo e de uma máscara de plumas, entra para uma escola de samba rival para descobrir qual dos amigos a queria morta.',
    },
    tags: ['thriller', 'revenge'],
    asian: false,
    hue: 100,
    toneHz: 523,
    episodes: 8,
    freeEpisodes: 3,
    unlockCost: 50,
  },
  {
    slug: 'the-perfumers-last-formula',
    title: {
      en: "The Perfumer's Last Formula",
      es: 'La última fórmula del perfumista',
      fy: 'La Dernière Formule du parfumeur',
      dy: 'Die letzte Formel des Parfümeurs',
      pt: 'A última fórmula do perfumista',
    },
    synopsis: {
      en: "On the eve of his perfume house's hundredth anniversary, legendary Paris perfumer Henri Delacroix is found dead in his lab. His granddaughter Camille, who can name any scent blindfolded, picks up a note in the room that shouldn't be there. To unmask his killer, she must decode his final formula—with the heir of the rival house she was raised to hate.",
      es: 'En vísperas del centenario de su casa de perfumes, el legendario perfumista parisino Henri Delacroix aparece muerto en su laboratorio. Su nieta Camille, capaz de reconocer cualquier aroma a ciegas, percibe en la sala una nota que no debería estar allí. Para desenmascarar al asesino tendrá que descifrar su última fórmula… junto al heredero de la casa rival a la que le enseñaron a odiar.',
      fy: "À la veille du centenaire de sa maison, le grand parfumeur Henri Delacroix est retrouvé mort dans son laboratoire parisien. Sa petite-fille Camille, qui reconnaît n'importe quelle odeur les yeux bandés, perçoit dans la pièce une note qui n'a rien à faire là. Pour démasquer l'assassin, elle devra déchiffrer sa dernière formule… avec l'héritier de la maison rivale qu'on lui a appris à haïr.",
      dy: 'Kurz vor dem 100. Jubiläum seines Parfumhauses liegt der legendäre Pariser Parfümeur Henri Delacroix tot in seinem Labor. Seine Enkelin Camille, die jeden Duft mit verbundenen Augen erkennt, nimmt im Raum eine Note wahr, die dort nicht hingehört. Um den Mörder zu entlarven, muss sie seine letzte Formel entschlüsseln – ausgerechnet mit dem Erben der verhassten Konkurrenz.',
      pt: 'Na véspera do centenário de sua casa de perfumes, o lendário perfumista parisiense Henri Delacroix é encontrado morto em seu laboratório. A neta, Camille, capaz de reconhecer qualquer aroma de olhos vendados, sente na sala uma nota que não deveria estar ali. Para desmascarar o assassino, ela terá de decifrar a última fórmula do avô — ao lado do herdeiro da casa rival que aprendeu a odiar.',
    },
    tags: ['thriller', 'romance'],
    asian: false,
    hue: 270,
    toneHz: 587,
    episodes: 8,
    freeEpisodes: 2,
    unlockCost: 40,
  },
  {
    slug: 'the-alphas-rejected-mate',
    title: {
      en: "The Alpha's Rejected Mate",
      es: 'La compañera rechazada del alfa',
      fy: "La Compagne rejetée de l'alpha",
      dy: 'Die verstoßene Gefährtin des Alphas',
      pt: 'A companheira rejeitada do alfa',
    },
    synopsis: {
      en: "On her eighteenth birthday, Willow Grey finally feels the mate bond—with Cade Blackwood, future Alpha of Montana's Silver Creek pack, who rejects her in front of everyone. Heartbroken, she flees the mountains. Five years later she returns with a power the pack has only heard of in legends, and Cade would give up his title to win her back.",
      es: 'El día que cumple dieciocho años, Willow Grey siente por fin el vínculo con su pareja destinada: Cade Blackwood, el futuro alfa de la manada de Silver Creek, en Montana, que la rechaza delante de todos. Destrozada, huye de las montañas. Cinco años después regresa con un poder que la manada solo conocía por las leyendas, y Cade daría su título por recuperarla.',
      fy: "Le jour de ses dix-huit ans, Willow Grey sent enfin le lien qui l'unit à son âme sœur : Cade Blackwood, futur alpha de la meute de Silver Creek, dans le Montana… qui la rejette devant tout le monde. Brisée, elle fuit les montagnes. Cinq ans plus tard, elle revient avec un pouvoir que la meute croyait légendaire, et Cade serait prêt à renoncer à son titre pour la reconquérir.",
      dy: 'An ihrem achtzehnten Geburtstag spürt Willow Grey endlich das Band zu ihrem Gefährten – Cade Blackwood, dem künftigen Alpha des Silver-Creek-Rudels in Montana, der sie vor allen verstößt. Mit gebrochenem Herzen flieht sie aus den Bergen. Fünf Jahre später kehrt sie mit einer Macht zurück, die das Rudel nur aus Legenden kennt, und Cade würde seinen Titel opfern, um sie zurückzugewinnen.',
      pt: 'No dia em que completa dezoito anos, Willow Grey finalmente sente o vínculo com seu companheiro destinado: Cade Blackwood, o futuro alfa da alcateia de Silver Creek, em Montana, que a rejeita na frente de todos. Arrasada, ela foge das montanhas. Cinco anos depois, volta com um poder que a alcateia só conhecia das lendas — e Cade abriria mão do título para reconquistá-la.',
    },
    tags: ['fantasy', 'romance'],
    asian: false,
    hue: 125,
    toneHz: 659,
    episodes: 10,
    freeEpisodes: 4,
    unlockCost: 60,
  },
  {
    slug: 'a-vow-in-blood',
    title: {
      en: 'A Vow in Blood',
      es: 'Un juramento de sangre',
      fy: 'Un serment de sang',
      dy: 'Der Blutschwur',
      pt: 'Um juramento de sangue',
    },
    synopsis: {
      en: 'Jazz singer Nola Fontaine has one rule in the French Quarter: never sing after midnight. The night she breaks it, her voice shatters a centuries-old curse, and the coven that cast it wants her dead before dawn. Her only protection is Julien Marchand, a two-hundred-year-old vampire with his own reasons for keeping her alive—and his own hunger.',
      es: 'La cantante de jazz Nola Fontaine tiene una sola regla en el Barrio Francés: nunca cantar después de medianoche. La noche en que la rompe, su voz quiebra una maldición centenaria, y el aquelarre que la lanzó la quiere muerta antes del amanecer. Su única protección es Julien Marchand, un vampiro de doscientos años con sus propios motivos para mantenerla con vida… y su propia sed.',
      fy: "Dans le Quartier français, la chanteuse de jazz Nola Fontaine n'a qu'une règle : ne jamais chanter après minuit. Le soir où elle l'enfreint, sa voix brise une malédiction séculaire, et le cercle de sorcières qui l'a lancée veut sa mort avant l'aube. Sa seule protection : Julien Marchand, un vampire de deux cents ans qui a ses propres raisons de la garder en vie… et sa propre soif.",
      dy: 'Die Jazzsängerin Nola Fontaine hat im French Quarter nur eine Regel: Niemals nach Mitternacht singen. Als sie es doch tut, bricht ihre Stimme einen jahrhundertealten Fluch – und der Hexenzirkel, der ihn aussprach, will sie vor Sonnenaufgang tot sehen. Ihr einziger Schutz ist Julien Marchand, ein zweihundert Jahre alter Vampir mit eigenen Gründen, sie am Leben zu halten … und eigenem Blutdurst.',
      pt: 'A cantora de jazz Nola Fontaine tem uma única regra no French Quarter: nunca cantar depois da meia-noite. Na noite em que a quebra, sua voz desfaz uma maldição centenária, e o clã de bruxas que a lançou a quer morta antes do amanhecer. Sua única proteção é Julien Marchand, um vampiro de duzentos anos com seus próprios motivos para mantê-la viva — e a própria sede.',
    },
    tags: ['fantasy', 'thriller'],
    asian: false,
    hue: 295,
    toneHz: 698,
    episodes: 8,
    freeEpisodes: 2,
    unlockCost: 40,
  },
  {
    slug: 'what-the-nanny-saw',
    title: {
      en: 'What the Nanny Saw',
      es: 'Lo que vio la niñera',
      fy: 'Ce que la nounou a vu',
      dy: 'Was das Kindermädchen sah',
      pt: 'O que a babá viu',
    },
    synopsis: {
      en: "To pay off her brother's debts, Grace takes a live-in nanny job with the Ashworths, London's most photographed family. On her first night she hears the mother sobbing behind a locked door; by the end of the week she has found a second passport with her own photo in it. Someone in this house hired her for a reason—and it isn't the children.",
      es: 'Para saldar las deudas de su hermano, Grace acepta un trabajo de niñera interna en casa de los Ashworth, la familia más fotografiada de Londres. La primera noche oye a la señora de la casa sollozar tras una puerta cerrada con llave; al final de la semana encuentra un segundo pasaporte con su propia foto. Alguien en esa casa la contrató por un motivo… y no son los niños.',
      fy: "Pour rembourser les dettes de son frère, Grace devient nounou à demeure chez les Ashworth, la famille la plus photographiée de Londres. Dès la première nuit, elle entend la mère sangloter derrière une porte fermée à clé ; à la fin de la semaine, elle découvre un second passeport avec sa propre photo. Quelqu'un dans cette maison l'a engagée pour une raison précise… et ce ne sont pas les enfants.",
      dy: 'Um die Schulden ihres Bruders abzubezahlen, zieht Grace als Kindermädchen bei den Ashworths ein, Londons meistfotografierter Familie. In der ersten Nacht hört sie die Mutter hinter einer verschlossenen Tür schluchzen; am Ende der Woche findet sie einen zweiten Pass mit ihrem eigenen Foto. Jemand in diesem Haus hat sie aus einem bestimmten Grund eingestellt … und um die Kinder geht es dabei nicht.',
      pt: 'Para pagar as dívidas do irmão, Grace aceita um emprego de babá e vai morar com os Ashworth, a família mais fotografada de Londres. Na primeira noite, ouve a mãe soluçando atrás de uma porta trancada; no fim da semana, encontra um segundo passaporte com a própria foto. Alguém naquela casa a contratou por um motivo — e não são as crianças.',
    },
    tags: ['thriller', 'family'],
    asian: false,
    hue: 175,
    toneHz: 784,
    episodes: 8,
    freeEpisodes: 2,
    unlockCost: 35,
  },
];

export const DEMO_SECTIONS: DemoSection[] = [
  {
    slug: 'featured',
    kind: 'featured',
    title: { en: 'Featured', es: 'Destacados', fy: 'À la une', dy: 'Highlights', pt: 'Destaques' },
    series: [
      'jilted-i-married-his-billionaire-boss',
      'the-jade-hairpin',
      'the-alphas-rejected-mate',
      'the-tycoons-contract-bride',
      'carnival-of-lies',
    ],
  },
  {
    slug: 'asian-stories',
    kind: 'curated',
    title: {
      en: 'Asian stories',
      es: 'Historias asiáticas',
      fy: "Histoires d'Asie",
      dy: 'Geschichten aus Asien',
      pt: 'Histórias asiáticas',
    },
    series: [
      'the-tycoons-contract-bride',
      'behind-the-idols-smile',
      'the-jade-hairpin',
      'kitchen-of-second-chances',
      'the-real-heiress-of-victoria-peak',
      'the-fox-spirits-bargain',
    ],
  },
  {
    slug: 'more-recommendations',
    kind: 'curated',
    title: {
      en: 'More recommendations',
      es: 'Más recomendaciones',
      fy: 'Autres recommandations',
      dy: 'Weitere Empfehlungen',
      pt: 'Mais recomendações',
    },
    series: [
      'behind-the-idols-smile',
      'what-the-nanny-saw',
      'dance-with-me-again',
      'the-fox-spirits-bargain',
      'the-perfumers-last-formula',
      'the-real-heiress-of-victoria-peak',
      'a-vow-in-blood',
      'the-brewers-daughter',
    ],
  },
  {
    slug: 'switch-categories',
    kind: 'categories',
    title: {
      en: 'Switch categories',
      es: 'Cambiar de categoría',
      fy: 'Changer de catégorie',
      dy: 'Kategorie wechseln',
      pt: 'Trocar de categoria',
    },
    tags: ['romance', 'ceo', 'revenge', 'fantasy', 'historical'],
  },
  {
    slug: 'trending',
    kind: 'trending',
    title: { en: 'Trending', es: 'Tendencias', fy: 'Tendances', dy: 'Angesagt', pt: 'Em alta' },
  },
];
