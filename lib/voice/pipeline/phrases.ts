// What the agent says on its own around tools, in each agent language (lib/agents/languages.ts):
// a filler while a slow tool runs, and an apology when tools failed and the model said nothing.
const PHRASES: Record<string, { filler: string; apology: string }> = {
  en: { filler: "One moment.", apology: "Sorry, that didn't work." },
  de: { filler: "Einen Moment.", apology: "Entschuldigung, das hat nicht geklappt." },
  es: { filler: "Un momento.", apology: "Lo siento, no ha funcionado." },
  fr: { filler: "Un instant.", apology: "Désolé, cela n'a pas fonctionné." },
  it: { filler: "Un momento.", apology: "Mi dispiace, non ha funzionato." },
  pt: { filler: "Um momento.", apology: "Desculpe, não funcionou." },
  nl: { filler: "Een moment.", apology: "Sorry, dat is niet gelukt." },
  pl: { filler: "Chwileczkę.", apology: "Przepraszam, to się nie udało." },
  sv: { filler: "Ett ögonblick.", apology: "Förlåt, det fungerade inte." },
  da: { filler: "Et øjeblik.", apology: "Beklager, det virkede ikke." },
  no: { filler: "Et øyeblikk.", apology: "Beklager, det fungerte ikke." },
  fi: { filler: "Hetkinen.", apology: "Anteeksi, se ei onnistunut." },
  tr: { filler: "Bir dakika.", apology: "Üzgünüm, bu işe yaramadı." },
  ru: { filler: "Одну минуту.", apology: "Извините, не получилось." },
  uk: { filler: "Хвилинку.", apology: "Вибачте, не вийшло." },
  ja: { filler: "少々お待ちください。", apology: "すみません、うまくいきませんでした。" },
  ko: { filler: "잠시만요.", apology: "죄송합니다, 잘 되지 않았습니다." },
  zh: { filler: "请稍等。", apology: "抱歉，没有成功。" },
  hi: { filler: "एक क्षण।", apology: "माफ़ कीजिए, यह नहीं हो पाया।" },
};

export function phrasesFor(language: string): { filler: string; apology: string } {
  return PHRASES[language.split("-")[0].toLowerCase()] ?? PHRASES.en;
}
