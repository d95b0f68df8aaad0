/** The name for a speaker the platform neither tagged nor named. */
const PARTICIPANT = "Participant";

/** Who is in the meeting, as the platform tells the session: people's display names and the bot's own participant id. */
export class Participants {
  /** The bot's own participant id: frames tagged with it are the agent's own voice. */
  selfId: string | null = null;
  private readonly names = new Map<string, string>();

  setName(speakerId: string, name: string): void {
    this.names.set(speakerId, name);
  }

  /** How transcripts and the LLM's context label this speaker. */
  nameOf(speakerId: string | undefined): string {
    return (speakerId !== undefined && this.names.get(speakerId)) || PARTICIPANT;
  }
}
