/**
 * Kept only for src/table/session-award.ts, which another change is editing at the same time: a card's
 * flags now live with the ChatMessage document (./chat-message.ts). Point that import there and delete
 * this file.
 */
export { cardFlags, storedCard } from "./chat-message.ts";
