-- Who may use which tool (docs/tools.md, "Who may use which tool"): the audience of each built-in
-- tool where the owner chose other than the default, and per MCP server the tools open to everyone
-- and those that act (send, book, delete). MCP tools not listed stay the owner's only.
ALTER TABLE "Agent" ADD COLUMN "builtinToolAudience" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "AgentMcpServer" ADD COLUMN "everyoneTools" TEXT[] DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "AgentMcpServer" ADD COLUMN "actingTools" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- Who the owner is: in the test room the account whose signed-in session joined; on Meet, Teams and
-- Zoom the participant the owner confirmed on the live meeting page ("That's me").
ALTER TABLE "RoomParticipant" ADD COLUMN "userId" TEXT;
ALTER TABLE "Meeting" ADD COLUMN "ownerParticipantId" TEXT;
