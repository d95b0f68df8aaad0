import type { BuiltinTool } from "./builtin-tool.ts";

export const leaveMeeting: BuiltinTool = {
  spec: {
    name: "leave_meeting",
    description: "Leaves the meeting after your reply. Only the meeting's owner may ask you to leave; the tool checks who is asking.",
    parameters: { type: "object", properties: {}, additionalProperties: false },
  },
  async run(_args, context, scope) {
    if (!scope.isOwner(context)) {
      return { text: `Not leaving: only ${scope.ownerName} (the meeting's owner) can ask you to leave, and this request came from ${context.speaker}. Say so briefly.` };
    }
    scope.leaveAfterReply(context);
    return { text: "You leave the meeting right after this reply. Say a short goodbye." };
  },
};
