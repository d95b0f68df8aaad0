// The line the agent says when it is admitted to a meeting it records (docs/recordings.md, "Consent"):
// the notice is on by design, in the agent's language. English where a language has no line.
const NOTICE: Record<string, string> = {
  en: "Hello, please note that this meeting is being recorded.",
  de: "Hallo, bitte beachten Sie, dass dieses Meeting aufgezeichnet wird.",
  es: "Hola, tengan en cuenta que esta reunión se está grabando.",
  fr: "Bonjour, veuillez noter que cette réunion est enregistrée.",
  it: "Salve, vi informo che questa riunione viene registrata.",
  pt: "Olá, informo que esta reunião está a ser gravada.",
  nl: "Hallo, let op: deze vergadering wordt opgenomen.",
  pl: "Dzień dobry, informuję, że to spotkanie jest nagrywane.",
  sv: "Hej, observera att det här mötet spelas in.",
  da: "Hej, bemærk venligst, at dette møde bliver optaget.",
  no: "Hei, vær oppmerksom på at dette møtet blir tatt opp.",
  fi: "Hei, huomioikaa, että tämä kokous tallennetaan.",
  tr: "Merhaba, lütfen bu toplantının kaydedildiğini unutmayın.",
  ru: "Здравствуйте, обратите внимание: эта встреча записывается.",
  uk: "Вітаю, зверніть увагу: ця зустріч записується.",
  ja: "こんにちは。この会議は録音されていますのでご了承ください。",
  ko: "안녕하세요, 이 회의는 녹음되고 있다는 점 알려드립니다.",
  zh: "大家好，请注意，本次会议正在录音。",
  hi: "नमस्ते, कृपया ध्यान दें कि इस मीटिंग की रिकॉर्डिंग हो रही है।",
};

export function recordingNotice(language: string): string {
  return NOTICE[language] ?? NOTICE.en;
}

/**
 * The line written in the chat on admission: the agent's entry line, and for an agent that records
 * the notice too — also when its owner switched the entry line off (the notice is on by design).
 */
export function admissionChatLine(entry: string | null, agent: { recordMeetings: boolean; language: string }): string | null {
  if (!agent.recordMeetings) return entry;
  return entry ? `${entry} ${recordingNotice(agent.language)}` : recordingNotice(agent.language);
}
