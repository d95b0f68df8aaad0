import { graphNotifications } from "./handle";

export const POST = graphNotifications;
