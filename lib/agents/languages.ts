// Languages an agent can listen and speak in (BCP 47 base tags supported by the catalogue's STT/TTS).
export const AGENT_LANGUAGES = ["en", "de", "es", "fr", "it", "pt", "nl", "pl", "sv", "da", "no", "fi", "tr", "ru", "uk", "ja", "ko", "zh", "hi"] as const;
